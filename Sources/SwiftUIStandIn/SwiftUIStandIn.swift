// SwiftUI's API, as far as ChatScrollSwiftUI and Examples/Client's SwiftUI screens use it, for the
// platforms without SwiftUI. Each declaration names the page of Apple's documentation its
// signature is taken from (iOS 18 where the API is new there). Nothing here lays out or draws:
// views keep their values only, and modifiers return the view they modify. The simulator runs
// the model these modifiers report to, not the modifiers.
//
// Pages that the documentation links to under a name with a hash suffix, which was not at hand,
// are cited by their plain name.

// On iOS, `import SwiftUI` brings UIKit with it.
@_exported import UIKitStandIn
