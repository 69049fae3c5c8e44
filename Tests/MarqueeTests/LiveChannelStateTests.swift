import Foundation
@testable import Marquee
import Testing

@Suite struct LiveChannelStateTests {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theChannelIsWantedOnlyWhenEverythingAllowsIt() {
        let state = LiveChannelState()
        #expect(state.wanted(isActive: true, isInForeground: true, isTurnedOn: true, hasEndpoint: true))
        #expect(!state.wanted(isActive: false, isInForeground: true, isTurnedOn: true, hasEndpoint: true))
        #expect(!state.wanted(isActive: true, isInForeground: false, isTurnedOn: true, hasEndpoint: true))
        #expect(!state.wanted(isActive: true, isInForeground: true, isTurnedOn: false, hasEndpoint: true))
        #expect(!state.wanted(isActive: true, isInForeground: true, isTurnedOn: true, hasEndpoint: false))
    }

    @Test func shortConnectionsBackOffFromTheServersHintAndALongOneResetsThem() {
        var state = LiveChannelState()
        #expect(state.reconnectDelay(unit: 0) == 3)
        var now = start
        // Ended within seconds, failed or not (a proxy or a full server closing it): each doubles the wait.
        for failed in [true, false, true] {
            let generation = state.opened(at: now)
            now += 5
            let closed = state.closed(generation, at: now, failed: failed)
            #expect(closed)
        }
        #expect(state.reconnectDelay(unit: 0) == 12)
        #expect(state.reconnectDelay(unit: 0.999) < 18.1)
        for _ in 0..<20 { _ = state.closed(state.opened(at: now), at: now, failed: true) }
        #expect(state.reconnectDelay(unit: 0) == LiveChannelState.maximumRetry)

        // A connection that lasted a minute was healthy: the next wait is the hint itself.
        let healthy = state.opened(at: now)
        state.heard(retryMillis: 1500)
        _ = state.closed(healthy, at: now + LiveChannelState.healthyAfter, failed: true)
        #expect(state.reconnectDelay(unit: 0) == 1.5)
    }

    @Test func aReplacedConnectionsEndIsIgnoredAndARefusalLastsUntilANewConfiguration() {
        var state = LiveChannelState()
        let first = state.opened(at: start)
        state.closedByApp()
        let lateEnd = state.closed(first, at: start, failed: true)
        #expect(!lateEnd, "a connection the app closed is not retried")
        let second = state.opened(at: start)
        let refused = state.closed(second, at: start, failed: true, refused: true)
        #expect(refused)
        #expect(!state.wanted(isActive: true, isInForeground: true, isTurnedOn: true, hasEndpoint: true))
        state.configurationChanged()
        #expect(state.wanted(isActive: true, isInForeground: true, isTurnedOn: true, hasEndpoint: true))
    }
}
