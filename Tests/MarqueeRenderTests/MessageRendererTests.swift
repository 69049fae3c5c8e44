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

    @Test("the document names the language of its text, for screen readers, and only when it is known")
    func documentLanguage() {
        let message = Message(kind: .modal, title: "Bonjour")
        var options = RenderOptions()
        #expect(!HTMLRenderer(options: options).render(message).contains("<html lang="))
        options.language = "fr-CA"
        #expect(HTMLRenderer(options: options).render(message).contains("<html lang=\"fr-CA\" dir=\"ltr\""))
        options.language = "x\"><script>"
        #expect(!HTMLRenderer(options: options).render(message).contains("\"><script>"), "an attribute value is escaped")
    }
}
