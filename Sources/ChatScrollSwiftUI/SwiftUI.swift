#if !canImport(UIKit) && !DOCUMENTATION
// Where UIKit is absent (macOS too: the adapter is for iOS), a client of the adapter sees the
// stand-in's SwiftUI, as it sees SwiftUI on iOS: Examples/Client's SwiftUI screens compile against it.
@_exported import SwiftUIStandIn
#endif
