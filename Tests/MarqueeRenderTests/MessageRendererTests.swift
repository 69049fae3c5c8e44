import MarqueeModel
import MarqueeRender
import Testing

@Suite("Message renderers")
struct MessageRendererTests {
    @Test("both renderers fill placeholders the same way")
    func sharedPersonalization() {
        let options = RenderOptions(theme: .light, personalization: ["first_name": "Grace"])
        let renderers: [any MessageRenderer] = [HTMLRenderer(options: options), TerminalRenderer(width: 60, options: options)]
        let message = Message(kind: .modal, title: "Welcome back, %%first_name|friend%%")

        for renderer in renderers {
            #expect(renderer.render(message).contains("Welcome back, Grace"))
        }
    }
}
