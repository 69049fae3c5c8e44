import MarqueeRender
import Testing

@Suite("Personalizer")
struct PersonalizerTests {
    @Test("fills values, falls back, and empties what has neither")
    func fills() {
        let values = ["first_name": "Ada", "empty": ""]

        #expect(Personalizer.fill("Hi %%first_name%%!", values: values) == "Hi Ada!")
        #expect(Personalizer.fill("Hi %%first_name|there%%!", values: values) == "Hi Ada!")
        #expect(Personalizer.fill("Hi %%nickname|there%%!", values: values) == "Hi there!")
        #expect(Personalizer.fill("Hi %%empty|there%%!", values: values) == "Hi there!")
        #expect(Personalizer.fill("Hi %%nickname%%!", values: values) == "Hi !")
        #expect(Personalizer.fill("Hi %% first_name %%", values: values) == "Hi %% first_name %%")
    }

    @Test("text that is not a placeholder is left alone")
    func leavesOtherText() {
        #expect(Personalizer.fill("50%% off %%first_name%%", values: ["first_name": "Ada"]) == "50%% off Ada")
        #expect(Personalizer.fill("100% sure", values: [:]) == "100% sure")
        #expect(Personalizer.fill("%%not a name%%", values: [:]) == "%%not a name%%")
        #expect(Personalizer.fill("%%%%", values: [:]) == "%%%%")
        #expect(Personalizer.fill("%%unclosed", values: [:]) == "%%unclosed")
    }

    @Test("HTML encoding escapes values and fallbacks")
    func htmlEncoding() {
        let filled = Personalizer.fill("<p>%%a%% %%b|<i>x</i>%%</p>", values: ["a": "<b>\"'&"], encoding: .html)
        #expect(filled == "<p>&lt;b&gt;&quot;&#39;&amp; &lt;i&gt;x&lt;/i&gt;</p>")
    }

    @Test("lists placeholder names")
    func names() {
        #expect(Personalizer.placeholderNames(in: "%%a%% %%b|x%% %%a%% 50%% off") == ["a", "b"])
    }
}
