import Foundation
import MarqueeModel
import MarqueeRender
import MarqueeTestSupport
import MarqueeWire
import Testing

/// An Acoustic image or video message with text, imported and then shown in a real browser
/// (headless Chromium): a caption under the media shows the title and two lines of the body, a tap expands
/// it and another collapses it (and stops the message closing by itself), and a swipe down
/// closes the message.
@Suite("Media captions in headless Chromium",
       .enabled(if: HeadlessChromium.isEnabled,
                "No Chromium found: install Debian's chromium package or set MARQUEE_CHROMIUM to run these tests"))
struct MediaCaptionBrowserTests {
    static let body = String(repeating: "Every line of this description tells more about the spring collection. ", count: 8)

    struct Observed: Decodable {
        var titleVisible: Bool
        var collapsed: Double
        var expanded: Double
        var collapsedAgain: Double
        var events: [String]
        var afterSwipe: [String]
    }

    static let script = """
        const caption = page.getElementById("marquee-caption");
        const body = page.getElementById("marquee-body");
        const title = page.getElementById("marquee-title");
        const titleBox = title.getBoundingClientRect();
        const titleVisible = titleBox.width > 1 && titleBox.height > 1;
        const collapsed = body.getBoundingClientRect().height;
        caption.click();
        const expanded = body.getBoundingClientRect().height;
        caption.click();
        const collapsedAgain = body.getBoundingClientRect().height;
        // The message would close by itself after a second; reading its text stops that.
        await new Promise((done) => frame.setTimeout(done, 1500));
        const events = frame.__marqueeEvents.map((event) => JSON.stringify(event));
        const root = page.getElementById("marquee-root");
        const point = (type, y) => root.dispatchEvent(new frame.PointerEvent(type, { clientX: 200, clientY: y, bubbles: true }));
        point("pointerdown", 200);
        point("pointerup", 340);
        const afterSwipe = frame.__marqueeEvents.map((event) => event.type + ":" + (event.reason || ""));
        return { titleVisible, collapsed, expanded, collapsedAgain, events, afterSwipe };
        """

    /// An Acoustic image or video message, imported as the admin API and the SDK import it, that
    /// closes by itself after a second.
    static func imported(_ template: String, body: String = Self.body, closesAfter duration: Int = 1) throws -> Message {
        let media = template == "image" ? #""image": "https://cdn.example.com/spring.png""# : #""video": "https://cdn.example.com/spring.mp4""#
        let json = #"{"rules": ["spring"], "template": "\#(template)", "content": {"title": "Spring collection", "text": "\#(body)", \#(media), "duration": \#(duration)}}"#
        return try #require(try AcousticInApp.from(json: Data(json.utf8))).campaign(id: "spring").message
    }

    @Test("the caption expands and collapses on a tap, and a swipe down closes the message", arguments: ["image", "video"])
    func theCaptionExpandsAndASwipeCloses(template: String) async throws {
        let browser = try HeadlessChromium.require()
        let message = try Self.imported(template)
        let html = HTMLRenderer(options: RenderOptions(theme: .light, viewport: ViewportSize(width: 390, height: 844))).render(message)
        let observed = try await FramedPage.run(html, width: 390, height: 844, script: Self.script, in: browser, as: Observed.self)

        #expect(observed.titleVisible, "the title shows, not only to screen readers")
        #expect(observed.collapsed > 20 && observed.collapsed < 60, "two lines of the body: \(observed.collapsed) px")
        #expect(observed.expanded > observed.collapsed * 2, "a tap shows all of it: \(observed.expanded) px")
        #expect(observed.collapsedAgain == observed.collapsed, "another tap collapses it")
        #expect(!observed.events.contains { $0.contains("\"content\"") || $0.contains("\"close\"") },
                "expanding the text is not a click of the message, and stops it closing by itself: \(observed.events)")
        #expect(observed.afterSwipe.last == "close:user", "a swipe down closes it: \(observed.afterSwipe)")
    }

    /// A long caption, expanded, makes the card scroll: a drag down on it scrolls the text back
    /// and must not close the message. From the card's top the same drag closes it, as before.
    @Test("a drag down on a caption that scrolls does not close the message", arguments: ["image", "video"])
    func aDragOnACaptionThatScrollsDoesNotClose(template: String) async throws {
        let browser = try HeadlessChromium.require()
        let message = try Self.imported(template, body: String(repeating: Self.body, count: 4), closesAfter: 0)
        let html = HTMLRenderer(options: RenderOptions(theme: .light, viewport: ViewportSize(width: 390, height: 400))).render(message)
        struct Drags: Decodable { var scrolls: Bool; var scrolledAway: [String]; var cancelled: [String]; var fromTheTop: [String] }
        let observed = try await FramedPage.run(html, width: 390, height: 400, script: """
            const caption = page.getElementById("marquee-caption");
            const card = page.getElementById("marquee-message");
            caption.click();
            const scrolls = card.scrollHeight > card.clientHeight;
            const drag = (cancel) => {
                const box = caption.getBoundingClientRect();
                const x = box.left + 20, y = box.top + 10;
                caption.dispatchEvent(new frame.PointerEvent("pointerdown", { clientX: x, clientY: y, bubbles: true }));
                if (cancel) { caption.dispatchEvent(new frame.PointerEvent("pointercancel", { bubbles: true })); }
                caption.dispatchEvent(new frame.PointerEvent("pointerup", { clientX: x, clientY: y + 160, bubbles: true }));
                return frame.__marqueeEvents.filter((event) => event.type === "close").map((event) => event.reason);
            };
            card.scrollTop = 120;
            const scrolledAway = drag(false);
            card.scrollTop = 0;
            const cancelled = drag(true);
            const fromTheTop = drag(false);
            return { scrolls, scrolledAway, cancelled, fromTheTop };
            """, in: browser, as: Drags.self)

        #expect(observed.scrolls, "the expanded caption makes the card scroll")
        #expect(observed.scrolledAway.isEmpty, "a drag down on a scrolled caption scrolls it back")
        #expect(observed.cancelled.isEmpty, "a drag the browser took to scroll")
        #expect(observed.fromTheTop == ["user"], "at the top a swipe down still closes the message")
    }

    @Test("without a body, the title is for screen readers only and a swipe down on an undismissable message does nothing")
    func withoutABodyTheTitleStaysHidden() async throws {
        let browser = try HeadlessChromium.require()
        var message = Message(kind: .image, title: "Spring collection")
        message.image = MessageImage(url: "https://cdn.example.com/spring.png")
        message.isDismissable = false
        let html = HTMLRenderer(options: RenderOptions(theme: .light)).render(message)
        struct Hidden: Decodable { var caption: Bool; var titleWidth: Double; var afterSwipe: Int }
        let observed = try await FramedPage.run(html, script: """
            const root = page.getElementById("marquee-root");
            const point = (type, y) => root.dispatchEvent(new frame.PointerEvent(type, { clientX: 200, clientY: y, bubbles: true }));
            point("pointerdown", 200);
            point("pointerup", 400);
            return { caption: page.getElementById("marquee-caption") !== null,
                     titleWidth: page.getElementById("marquee-title").getBoundingClientRect().width,
                     afterSwipe: frame.__marqueeEvents.filter((event) => event.type === "close").length };
            """, in: browser, as: Hidden.self)
        #expect(!observed.caption && observed.titleWidth <= 1)
        #expect(observed.afterSwipe == 0)
    }
}
