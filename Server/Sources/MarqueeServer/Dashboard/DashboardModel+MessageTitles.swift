import MarqueeModel

// The words the composer shows for the cases of a message's settings. Each switch is exhaustive,
// so a case added to the model does not build until it has its words.

extension ImageCrop {
    var title: String {
        switch self {
        case .fill: "Fill"
        case .center: "Center"
        }
    }
}

extension TextAlignment {
    var title: String {
        switch self {
        case .leading: "Leading"
        case .center: "Center"
        case .trailing: "Trailing"
        case .justified: "Justified"
        }
    }
}

extension Orientation {
    var title: String {
        switch self {
        case .any: "Any"
        case .portrait: "Portrait"
        case .landscape: "Landscape"
        }
    }
}

extension SlideEdge {
    var title: String {
        switch self {
        case .bottom: "Bottom"
        case .top: "Top"
        case .left: "Left"
        case .right: "Right"
        }
    }
}

extension BannerPlacement {
    var title: String {
        switch self {
        case .top: "Top"
        case .bottom: "Bottom"
        }
    }
}

extension BannerIcon {
    var title: String {
        switch self {
        case .note: "Note"
        case .notification: "Notification"
        case .store: "Store"
        case .offer: "Offer"
        case .comment: "Comment"
        }
    }
}

extension TooltipPosition {
    var title: String {
        switch self {
        case .topLeft: "Top left"
        case .topCenter: "Top"
        case .topRight: "Top right"
        case .bottomLeft: "Bottom left"
        case .bottomCenter: "Bottom"
        case .bottomRight: "Bottom right"
        case .left: "Left"
        case .right: "Right"
        }
    }
}

extension ActionType {
    var title: String {
        switch self {
        case .close: "Close"
        case .openURL: "Open a web page"
        case .deepLink: "Open a deep link"
        case .pushPrimer: "Ask for push permission"
        }
    }
}

extension Theme {
    var title: String {
        switch self {
        case .automatic: "Follows the device"
        case .light: "Light"
        case .dark: "Dark"
        }
    }
}

extension LayoutDirection {
    var title: String {
        switch self {
        case .leftToRight: "Left to right"
        case .rightToLeft: "Right to left"
        }
    }
}
