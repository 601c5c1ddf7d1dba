#if !canImport(SwiftUI) && !DOCUMENTATION
// Where SwiftUI is absent, a client of the adapter sees the stand-in's SwiftUI, as it sees SwiftUI
// elsewhere: Examples/Client's SwiftUI screens compile against it.
@_exported import SwiftUIStandIn
#endif
