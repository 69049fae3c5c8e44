import Foundation
@testable import Marquee
import Testing

@Suite struct LiveChannelStateTests {
    @Test func theChannelIsWantedOnlyWhenEverythingAllowsIt() {
        let state = LiveChannelState()
        #expect(state.wanted(isActive: true, isInForeground: true, isTurnedOn: true, hasEndpoint: true))
        #expect(!state.wanted(isActive: false, isInForeground: true, isTurnedOn: true, hasEndpoint: true))
        #expect(!state.wanted(isActive: true, isInForeground: false, isTurnedOn: true, hasEndpoint: true))
        #expect(!state.wanted(isActive: true, isInForeground: true, isTurnedOn: false, hasEndpoint: true))
        #expect(!state.wanted(isActive: true, isInForeground: true, isTurnedOn: true, hasEndpoint: false))
    }

    @Test func reconnectsBackOffFromTheServersHintAndAnEventResetsThem() {
        var state = LiveChannelState()
        #expect(state.reconnectDelay(unit: 0) == 3)
        for _ in 0..<3 {
            let generation = state.opened()
            let closed = state.closed(generation, failed: true)
            #expect(closed)
        }
        #expect(state.reconnectDelay(unit: 0) == 12)
        #expect(state.reconnectDelay(unit: 0.999) < 18.1)
        for _ in 0..<20 { _ = state.closed(state.opened(), failed: true) }
        #expect(state.reconnectDelay(unit: 0) == LiveChannelState.maximumRetry)
        _ = state.opened()
        state.heard(retryMillis: 1500)
        #expect(state.reconnectDelay(unit: 0) == 1.5)
    }

    @Test func aReplacedConnectionsEndIsIgnoredAndARefusalLastsUntilANewConfiguration() {
        var state = LiveChannelState()
        let first = state.opened()
        state.closedByApp()
        let lateEnd = state.closed(first, failed: true)
        #expect(!lateEnd, "a connection the app closed is not retried")
        let second = state.opened()
        let refused = state.closed(second, failed: true, refused: true)
        #expect(refused)
        #expect(!state.wanted(isActive: true, isInForeground: true, isTurnedOn: true, hasEndpoint: true))
        state.configurationChanged()
        #expect(state.wanted(isActive: true, isInForeground: true, isTurnedOn: true, hasEndpoint: true))
    }
}
