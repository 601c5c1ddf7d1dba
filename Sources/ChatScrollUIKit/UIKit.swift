#if !canImport(UIKit) && !DOCUMENTATION
// Where UIKit is absent, a client of the adapter sees the stand-in's UIKit, as it sees UIKit's
// own elsewhere: Examples/Client's UIKit screen compiles against it. (Not while the adapter's
// documentation is built, which would list the stand-in's types as the adapter's.)
@_exported import UIKitStandIn
#endif
