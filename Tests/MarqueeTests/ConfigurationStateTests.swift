@testable import Marquee
import MarqueeModel
import Testing

/// The applied configuration: commands wait for `configure` in order, and run once.
@Suite struct ConfigurationStateTests {
    @Test func commandsWaitForTheConfigurationInOrderAndAreTakenOnce() {
        var state = ConfigurationState()
        #expect(!state.isConfigured && !state.tooltipsEnabled)
        state.holdUntilConfigured(.logEvent(.login))
        state.holdUntilConfigured(.executeRule(["sale"]))
        state.configured(tooltipsEnabled: true)
        #expect(state.isConfigured && state.tooltipsEnabled)
        let waiting = state.takeWaiting()
        #expect(waiting.count == 2)
        if case .logEvent(let event) = waiting.first { #expect(event == .login) } else { Issue.record("the login first") }
        if case .executeRule(let rules) = waiting.last { #expect(rules == ["sale"]) } else { Issue.record("the rule second") }
        #expect(state.takeWaiting().isEmpty, "taken once")
    }

    @Test func theSwitchesStartOnAndUnpaused() {
        var state = ConfigurationState()
        #expect(state.isEnabled && !state.isPaused)
        state.isPaused = true
        state.isEnabled = false
        #expect(!state.isEnabled && state.isPaused)
    }
}
