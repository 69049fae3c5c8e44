import MarqueeModel

/// The demo's campaigns: one of each message kind, each with a trigger the simulator can type.
struct DemoCampaigns {
    let assetsBaseURL: String

    var all: [Campaign] {
        [launchModal, levelUpFullScreen, purchaseSlideUp, loginBanner, galleryImage, introVideo, promoHTML, cartTooltip, tourCarousel,
         feedbackSurvey, homeCard]
    }

    private func campaign(_ name: String, _ message: Message, _ triggers: [Trigger]) -> Campaign {
        // The demo's text is English: the language its messages are spoken in.
        Campaign(id: "", name: name, status: .active, message: message, triggers: TriggerSet(triggers: triggers),
                 delivery: DeliveryRules(maxImpressions: 3), defaultLanguage: "en")
    }

    private var brand: MessageColors {
        MessageColors(header: HexColor("#6B7280")!, title: HexColor("#111827")!, body: HexColor("#374151")!,
                      background: .white, frame: HexColor("#E5E7EB")!)
    }

    var launchModal: Campaign {
        campaign("Welcome to Marquee", Message(
            kind: .modal, title: "Welcome, %%first_name|friend%%!",
            body: "This modal appears when the app starts. Buttons, colours and images all come from the campaign.",
            colors: brand, image: MessageImage(url: assetsBaseURL + "/welcome.svg", crop: .fill, altText: "Marquee banner art"),
            buttons: [
                MessageButton(id: "tour", text: "Take the tour", action: MessageAction(.deepLink, uri: "marquee-demo://tour")),
                MessageButton(id: "later", text: "Later", textColor: HexColor("#1D4ED8")!, backgroundColor: HexColor("#EFF6FF")!),
            ], showsOptOut: true), [Trigger(.appStart)])
    }

    var levelUpFullScreen: Campaign {
        campaign("[game] Level up", Message(
            kind: .fullScreen, title: "Level %%level|up%%!", body: "You reached a new level. Claim your reward.",
            colors: MessageColors(title: .white, body: HexColor("#E0E7FF")!, background: HexColor("#312E81")!, frame: HexColor("#312E81")!),
            buttons: [MessageButton(id: "claim", text: "Claim reward", backgroundColor: HexColor("#B45309")!,
                                    action: MessageAction(.close, logsEvent: EmittedEvent(name: "reward_claimed")))]),
            [Trigger(.custom, name: "level_up", conditions: [AttributeCondition(name: "level", type: .integer, operator: .greaterThan, value: "2")])])
    }

    var purchaseSlideUp: Campaign {
        campaign("Thanks for buying", Message(
            kind: .slideUp, title: "Thank you for your order", body: "Rate your purchase and get 10% off the next one.",
            colors: brand, buttons: [MessageButton(id: "rate", text: "Rate now", action: MessageAction(.openURL, uri: "https://example.com/rate"))],
            slideFrom: .bottom), [Trigger(.purchase, conditions: [AttributeCondition(name: PurchaseAttribute.currencyCode, type: .string, operator: .equals, value: "EUR")])])
    }

    var loginBanner: Campaign {
        campaign("Signed in banner", Message(
            kind: .banner, title: "Signed in", body: "Your favourites are synced across devices.", colors: brand,
            banner: BannerSettings(placement: .top, icon: .notification, autoCloseSeconds: 5)), [Trigger(.login)])
    }

    var galleryImage: Campaign {
        campaign("Gallery highlight", Message(
            kind: .image, title: "New in the gallery", image: MessageImage(url: assetsBaseURL + "/gallery.svg", crop: .center, altText: "A new gallery piece"),
            contentAction: MessageAction(.deepLink, uri: "marquee-demo://gallery"), media: MediaSettings(autoCloseSeconds: 8)),
            [Trigger(.custom, name: "open_gallery")])
    }

    var introVideo: Campaign {
        campaign("Intro video", Message(
            kind: .video, title: "Marquee in 30 seconds", media: MediaSettings(videoURL: assetsBaseURL + "/intro.mp4", altText: "Product intro")),
            [Trigger(.custom, name: "watch_intro")])
    }

    var promoHTML: Campaign {
        campaign("Spring promo", Message(
            kind: .html, title: "Spring promo",
            html: """
            <main style="font-family: sans-serif; text-align: center; padding: 24px">
              <h1>Spring sale</h1><p>Everything 20% off this week.</p>
              <a href="https://example.com/sale">Shop the sale</a>
              <button data-link="marquee-demo://cart">Open cart</button>
              <button data-actiontype="close">No thanks</button>
            </main>
            """), [Trigger(.custom, name: "open_promo")])
    }

    var tourCarousel: Campaign {
        campaign("Product tour", Message(
            kind: .carousel, title: "A tour of the shop", colors: brand, pages: [
                MessagePage(id: "welcome", image: MessageImage(url: assetsBaseURL + "/welcome.svg", altText: "Marquee banner art"),
                            title: "Hi %%first_name|friend%%", body: "Swipe, or use the arrows, to see what is new."),
                MessagePage(id: "lists", title: "Shared lists", body: "Plan a shop together, on every device."),
                MessagePage(id: "done", title: "That's it", body: "Each page you saw is counted, so the team sees where people stop.",
                            buttons: [MessageButton(id: "start", text: "Start shopping", action: MessageAction(.deepLink, uri: "marquee-demo://shop"))]),
            ]), [Trigger(.custom, name: "take_tour")])
    }

    var feedbackSurvey: Campaign {
        var survey = campaign("Feedback survey", Message(
            kind: .survey, title: "How are we doing, %%first_name|friend%%?", body: "Three quick questions.", colors: brand,
            survey: Survey(questions: [
                SurveyQuestion(id: "recommend", kind: .nps, prompt: "How likely are you to recommend the shop to a friend?", isRequired: true),
                SurveyQuestion(id: "improve", kind: .multipleChoice, prompt: "What should we improve?", choices: [
                    SurveyChoice(id: "delivery", label: "Delivery"), SurveyChoice(id: "prices", label: "Prices"),
                    SurveyChoice(id: "range", label: "Range"),
                ]),
                SurveyQuestion(id: "more", kind: .text, prompt: "Anything else?", maxLength: 280),
            ], thankYou: SurveyThankYou(title: "Thank you!", body: "Every answer is read by the team."))),
            [Trigger(.custom, name: "give_feedback")])
        // A 9 or a 10 counts as a conversion, so the figures show the share of promoters.
        survey.goal = ConversionGoal(event: .surveyAnswer, name: "recommend", answers: ["9", "10"])
        return survey
    }

    /// Embedded content: the home screen's top card, three times, for the app to show in its `home.top` placement.
    var homeCard: Campaign {
        var card = campaign("Home card", Message(
            kind: .modal, title: "New this week, %%first_name|friend%%", body: "Shared lists are here: plan a shop together.",
            colors: brand, textAlignment: .leading,
            buttons: [MessageButton(id: "try", text: "Try shared lists", action: MessageAction(.deepLink, uri: "marquee-demo://lists"))],
            isDismissable: false), [])
        card.channel = .embedded
        card.placement = "home.top"
        return card
    }

    var cartTooltip: Campaign {
        campaign("Cart tooltip", Message(
            kind: .tooltip, title: "Your cart lives here",
            image: MessageImage(url: assetsBaseURL + "/tooltip.svg"),
            tooltip: TooltipSettings(targetElementID: "cart.button", position: .bottomCenter, autoDisappearSeconds: 5)),
            [Trigger(.viewAppeared, name: "cart.button")])
    }
}
