import MarqueeModel

extension Orientation {
    /// Whether a message that may be shown in `self` can be shown on a device held in `device`;
    /// `.any` on either side (an unknown device orientation) fits everything.
    func fits(device: Orientation) -> Bool {
        switch (self, device) {
        case (.any, _), (_, .any): true
        case (.portrait, .portrait), (.landscape, .landscape): true
        case (.portrait, .landscape), (.landscape, .portrait): false
        }
    }
}
