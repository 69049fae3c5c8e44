import MarqueeModel

/// Opens what an inbox button leads to: a browser link or a deep link. SwiftUI's views pass the
/// environment's `openURL`; tests and custom views pass their own.
public typealias InboxActionOpener = @MainActor (InboxAction) -> Void
