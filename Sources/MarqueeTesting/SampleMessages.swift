import MarqueeModel
import MarqueeRender

/// One representative message per kind, with most options set: for tests of a presenter or a
/// layout that should hold for every kind (Marquee's own snapshot and browser tests use them).
public enum SampleMessages {
    public static let personalization = ["first_name": "Ada"]

    public static let shop = MessageButton(id: "shop", text: "Shop now", action: MessageAction(.openURL, uri: "https://shop.example.com/sale"))
    public static let later = MessageButton(id: "later", text: "Later", textColor: HexColor("#111827")!,
                                     backgroundColor: HexColor("#E5E7EB")!, action: .close)

    /// The sample without self-closing timers, for pages a browser loads and taps: the timers run
    /// on the browser's own clock, and on a loaded machine a banner (5 s), image (6 s) or tooltip
    /// (8 s) could close before the harness reaches its taps. Layout and taps do not depend on them.
    public static func untimed(_ kind: MessageKind) -> Message {
        var message = message(kind)
        message.banner?.autoCloseSeconds = nil
        message.media?.autoCloseSeconds = nil
        message.tooltip?.autoDisappearSeconds = nil
        return message
    }

    public static func message(_ kind: MessageKind) -> Message {
        switch kind {
        case .modal:
            Message(kind: .modal, header: "Spring sale", title: "Hi %%first_name|there%%, 20% off everything",
                    body: "Until Sunday only.\nFree returns.",
                    image: MessageImage(url: "https://cdn.example.com/spring.jpg", altText: "Tulips in a field"),
                    buttons: [shop, later], contentAction: MessageAction(.deepLink, uri: "shop://sale"),
                    showsOptOut: true,
                    appearance: Appearance(titleFont: "Avenir Next", bodyFont: "Avenir", buttonFont: "Avenir Next"))
        case .fullScreen:
            Message(kind: .fullScreen, title: "Welcome to Marquee", body: "Everything you need, in one place.",
                    colors: MessageColors(title: HexColor("#1E3A8A")!, body: HexColor("#334155")!),
                    image: MessageImage(url: "https://cdn.example.com/welcome.png", crop: .center),
                    textAlignment: .leading, orientation: .portrait, buttons: [shop])
        case .slideUp:
            Message(kind: .slideUp, title: "Your order shipped", body: "Track it on the way to you.",
                    image: MessageImage(url: "https://cdn.example.com/box.png", altText: "A parcel"),
                    textAlignment: .leading, contentAction: MessageAction(.deepLink, uri: "shop://orders/42"))
        case .banner:
            Message(kind: .banner, title: "Free shipping today", body: "On orders over $20.",
                    colors: MessageColors(header: .white, title: .white, body: HexColor("#FDE68A")!,
                                          background: HexColor("#B91C1C")!, frame: HexColor("#7F1D1D")!),
                    textAlignment: .leading, buttons: [shop],
                    banner: BannerSettings(placement: .top, icon: .offer,
                                           backgroundImageURL: "https://cdn.example.com/stripes.png", autoCloseSeconds: 5))
        case .image:
            Message(kind: .image, title: "Summer collection",
                    image: MessageImage(url: "https://cdn.example.com/summer.jpg"),
                    contentAction: MessageAction(.openURL, uri: "https://shop.example.com/summer"),
                    media: MediaSettings(autoCloseSeconds: 6, altText: "Models on a beach in summer clothes"))
        case .video:
            Message(kind: .video, title: "See what's new",
                    image: MessageImage(url: "https://cdn.example.com/poster.jpg"), buttons: [later],
                    media: MediaSettings(videoURL: "https://cdn.example.com/launch.mp4", altText: "Launch video"))
        case .html:
            Message(kind: .html, title: "Quiz", html: """
                <!DOCTYPE html>
                <html><head><style>body { font-family: sans-serif; }</style></head>
                <body>
                <h1>Hello %%first_name|friend%%!</h1>
                <p>Pick one:</p>
                <a href="https://shop.example.com/a">Option A</a>
                <div data-link="shop://b" data-actiontype="deep-link">Option <b>B</b></div>
                <button data-actiontype="close">No thanks</button>
                <script>document.body.dataset.ready = "yes";</script>
                </body></html>
                """)
        case .tooltip:
            Message(kind: .tooltip, title: "Saved carts", body: "Find carts you saved earlier here.",
                    textAlignment: .leading,
                    tooltip: TooltipSettings(targetElementID: "cart-button", position: .bottomCenter,
                                             redirectURL: "shop://carts", autoDisappearSeconds: 8))
        case .carousel:
            Message(kind: .carousel, title: "What's new", pages: [
                MessagePage(id: "welcome", image: MessageImage(url: "https://cdn.example.com/new-1.jpg", altText: "The new app"),
                            title: "Hi %%first_name|there%%", body: "Three things changed this week."),
                MessagePage(id: "lists", title: "Shared lists", body: "Plan a shop together."),
                MessagePage(id: "done", title: "Ready?", body: "Try it now.",
                            buttons: [MessageButton(id: "try", text: "Try it", action: MessageAction(.deepLink, uri: "shop://lists")),
                                      MessageButton(id: "not-now", text: "Not now", textColor: HexColor("#111827")!,
                                                    backgroundColor: HexColor("#E5E7EB")!, action: .close)]),
            ])
        case .survey:
            Message(kind: .survey, title: "Quick question, %%first_name|there%%", body: "Two minutes, four questions.",
                    survey: Survey(questions: [
                        SurveyQuestion(id: "recommend", kind: .nps, prompt: "How likely are you to recommend us to a friend?", isRequired: true),
                        SurveyQuestion(id: "rating", kind: .rating, prompt: "How was your last order?"),
                        SurveyQuestion(id: "topics", kind: .multipleChoice, prompt: "What should we improve?", choices: [
                            SurveyChoice(id: "delivery", label: "Delivery"), SurveyChoice(id: "prices", label: "Prices"),
                            SurveyChoice(id: "range", label: "Range"),
                        ]),
                        SurveyQuestion(id: "more", kind: .text, prompt: "Anything else?", maxLength: 280),
                    ], thankYou: SurveyThankYou(title: "Thanks, %%first_name|friend%%!", body: "Your answers help us improve.")))
        }
    }

    /// An app's style defaults with a value of every sort set.
    public static var appStyle: StyleDefaults {
        var defaults = StyleDefaults()
        defaults.all = MessageStyle(
            padding: StylePadding(top: 32, bottom: 32, leading: 16, trailing: 16), maxWidth: 340, maxHeight: 600,
            cornerRadius: 4, title: TextStyle(fontName: "Georgia", fontSize: 22, color: HexColor("#0F766E")!),
            body: TextStyle(fontName: "Georgia", fontSize: 17, color: HexColor("#374151")!),
            button: ButtonStyle(fontName: "Futura", fontSize: 15, cornerRadius: 22, height: 48), dismissIcon: .boldCross)
        defaults[.slideUp].maxWidth = 420
        return defaults
    }
}
