import MarqueeRender

extension PresentationResult {
    /// The result a rendered message's JavaScript bridge reports; `nil` for messages that do not
    /// end the display (ticking the opt-out box, showing a carousel page). Web-view presenters use this so that every
    /// platform reads the bridge the same way.
    public init?(_ bridge: BridgeMessage) {
        let optedOut = bridge.optOut ?? false
        switch bridge {
        case .buttonTapped(let id, _): self.init(.buttonClick(id: id), optedOut: optedOut)
        case .contentClicked: self.init(.contentClick, optedOut: optedOut)
        case .closed(.user, _): self.init(.userDismissed, optedOut: optedOut)
        case .closed(.timeout, _), .closed(.ended, _): self.init(.timedOut, optedOut: optedOut)
        case .linkActivated(let link): self.init(link.type == .close ? .userDismissed : .contentClick)
        case .optOutToggled, .pageViewed: return nil
        }
    }
}
