import Foundation
import Marquee
import MarqueeModel
@testable import MarqueeSimulator
import Testing

@Suite("Simulator commands")
struct SimulatorCommandTests {
    func parse(_ line: String) throws -> SimulatorCommand? {
        try SimulatorCommand(parsing: line)
    }

    @Test func inboxAndConsentCommands() throws {
        #expect(try parse("inbox") == .inbox(.list))
        #expect(try parse("inbox open 2") == .inbox(.open(2)))
        #expect(try parse("inbox click 1") == .inbox(.click(1, button: nil)))
        #expect(try parse("inbox click 1 2") == .inbox(.click(1, button: 2)))
        #expect(try parse("inbox read 3") == .inbox(.read(3)))
        #expect(try parse("inbox unread 3") == .inbox(.unread(3)))
        #expect(try parse("inbox delete 1") == .inbox(.delete(1)))
        #expect(try parse("consent denied") == .consent(.denied))
        #expect(try parse("consent not-required") == .consent(.notRequired))
        #expect(throws: SimulatorCommandError.missingArgument("inbox open needs a message number: inbox open 1")) { try parse("inbox open") }
        #expect(throws: SimulatorCommandError.missingArgument("inbox click needs a button number: inbox click 1")) { try parse("inbox click 1 zero") }
        #expect(throws: SimulatorCommandError.self) { try parse("inbox archive 1") }
        #expect(throws: SimulatorCommandError.self) { try parse("consent maybe") }
    }

    @Test func surveyCommands() throws {
        #expect(try parse("answer 1 9") == .choose(.answer(question: 1, "9")))
        #expect(try parse("answer 3 Faster delivery, please") == .choose(.answer(question: 3, "Faster delivery, please")))
        #expect(try parse("submit") == .choose(.submit))
        #expect(throws: SimulatorCommandError.missingArgument("answer needs a question number and a value: answer 1 9")) { try parse("answer 1") }
        #expect(throws: SimulatorCommandError.self) { try parse("answer first 9") }
    }

    @Test func notificationsTakeTheRestOfTheLineAsJSON() throws {
        let json = #"{"pushId": "spring sale", "inApp": {"rules": ["offer"], "content": {"text": "Say \"hi\""}}}"#
        #expect(try parse("notification \(json)") == .notification(json: json, opened: true))
        #expect(try parse("  Notification silent \(json)") == .notification(json: json, opened: false))
        #expect(throws: SimulatorCommandError.self) { try parse("notification") }
        #expect(throws: SimulatorCommandError.self) { try parse("notification [1, 2]") }
        #expect(throws: SimulatorCommandError.self) { try parse(#"notification {"pushId": "#) }
        #expect(throws: SimulatorCommandError.unknownCommand("notifications")) { try parse("notifications {}") }
    }

    @Test func lifecycleAndTimeCommands() throws {
        #expect(try parse("background") == .background)
        #expect(try parse("foreground") == .foreground)
        #expect(try parse("wait 31m") == .wait(31 * 60))
        #expect(try parse("advance 90") == .wait(90))
        #expect(try parse("wait 2h") == .wait(7200))
        #expect(try parse("wait 1.5d") == .wait(129_600))
        #expect(throws: SimulatorCommandError.self) { try parse("wait") }
        #expect(throws: SimulatorCommandError.self) { try parse("wait soon") }
        #expect(throws: SimulatorCommandError.self) { try parse("wait -5m") }
        #expect(Simulator.describe(31 * 60) == "31m")
        #expect(Simulator.describe(7500) == "2h 5m")
    }

    @Test func builtInEvents() throws {
        #expect(try parse("start") == .log(.appStart))
        #expect(try parse("login") == .log(.login))
        #expect(try parse("event login") == .log(.login))
        #expect(try parse("session") == .log(.sessionStart))
        #expect(try parse("push spring") == .log(.pushClick(campaign: "spring")))
        #expect(try parse("view cart.button") == .log(.viewAppeared("cart.button")))
        #expect(try parse("rule all promo") == .rules(["all", "promo"]))
    }

    @Test func purchasesUseCurrencyUnits() throws {
        #expect(try parse("event purchase amount=10 currency=EUR items=a,b")
            == .log(.purchase(amountMicros: 10_000_000, numberOfItems: 2, currencyCode: "EUR", itemIDs: ["a", "b"])))
        #expect(try parse("event purchase amount=2.5 count=4")
            == .log(.purchase(amountMicros: 2_500_000, numberOfItems: 4)))
        #expect(throws: SimulatorCommandError.badValue("amount must be a number")) { try parse("event purchase amount=lots") }
        #expect(throws: SimulatorCommandError.badValue("amount is too large")) { try parse("event purchase amount=10000000000000") }
        #expect(throws: SimulatorCommandError.badValue("amount is too large")) { try parse("event purchase amount=1.0e300") }
    }

    @Test func customAttributesAreTyped() throws {
        let command = try parse(#"custom level_up level=3 ratio=0.5 pro=true at=1700000000000ms name="Ada Lovelace" code="42" plain=text"#)
        #expect(command == .log(.custom("level_up", attributes: [
            "level": .integer(3), "ratio": .double(0.5), "pro": .boolean(true), "at": .timeMillis(1_700_000_000_000),
            "name": .string("Ada Lovelace"), "code": .string("42"), "plain": .string("text"),
        ])))
        #expect(try parse("event level_up") == .log(.custom("level_up")), "unknown event names are custom events")
        #expect(try parse("custom login") == .log(.custom("login")), "custom forces a custom event")
    }

    @Test func choicesAndDeviceCommands() throws {
        #expect(try parse("button 2") == .choose(.button(2)))
        #expect(try parse("click") == .choose(.content))
        #expect(try parse("close") == .choose(.close))
        #expect(try parse("optout") == .choose(.toggleOptOut))
        #expect(try parse("tooltip close") == .chooseTooltip(.close))
        #expect(try parse("tooltip click") == .chooseTooltip(.content))
        #expect(throws: SimulatorCommandError.missingArgument("tooltip needs click or close")) { try parse("tooltip") }
        #expect(try parse("user ada") == .user("ada"))
        #expect(try parse("user -") == .user(nil))
        #expect(try parse("PAUSE") == .pause)
        #expect(try parse("quit") == .quit)
        #expect(try parse("   ") == nil)
        #expect(try parse("# a comment") == nil)
    }

    @Test func badLinesSayWhatIsWrong() {
        #expect(throws: SimulatorCommandError.unknownCommand("fly")) { try parse("fly away") }
        #expect(throws: SimulatorCommandError.missingArgument("button needs a number: button 1")) { try parse("button") }
        #expect(throws: SimulatorCommandError.missingArgument("button needs a number: button 1")) { try parse("button 0") }
        #expect(throws: SimulatorCommandError.badValue("'level' is not key=value")) { try parse("custom up level") }
        #expect(throws: SimulatorCommandError.badValue("a quote is not closed")) { try parse(#"custom up name="Ada"#) }
        #expect(throws: SimulatorCommandError.missingArgument("event needs an event name")) { try parse("event") }
    }

    @Test func serverURLBecomesTheConfigurationURL() {
        let base = SimulatorOptions(server: URL(string: "http://127.0.0.1:8080")!, subscriptionID: "s", storageDirectory: URL(fileURLWithPath: "/tmp"))
        #expect(base.configurationURL.absoluteString == "http://127.0.0.1:8080/v1/config")
        let explicit = SimulatorOptions(server: URL(string: "https://iam.example.com/v1/config")!, subscriptionID: "s", storageDirectory: URL(fileURLWithPath: "/tmp"))
        #expect(explicit.configurationURL.absoluteString == "https://iam.example.com/v1/config")
    }
}
