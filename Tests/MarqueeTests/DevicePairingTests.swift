import Foundation
@testable import Marquee
import MarqueeWire
import Testing

/// Pairing with the dashboard: a pairing runs out at its time, ends from either side, and takes
/// its debug session with it; previews are known by id until their display ends.
@Suite struct DevicePairingTests {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aPairingHoldsUntilItRunsOut() {
        var pairing = DevicePairing()
        #expect(!pairing.isPaired(at: start))
        pairing.paired(PairResponse(pairing: "p1", expiresAt: 1_800_003_600_000))
        #expect(pairing.isPaired(at: start))
        #expect(pairing.isPaired(at: start + 3_599))
        #expect(!pairing.isPaired(at: start + 3_600))
    }

    @Test func endingThePairingEndsItsDebugSessionAndOnlyItsOwnIdEndsIt() {
        var pairing = DevicePairing()
        pairing.paired(PairResponse(pairing: "p1", expiresAt: 1_800_003_600_000))
        pairing.debug.set("session-1")

        let another = pairing.endedByDashboard("p0")
        let stillPaired = pairing.isPaired(at: start) && pairing.debug.isActive
        let own = pairing.endedByDashboard("p1")

        #expect(!another && stillPaired, "another pairing's end changes nothing")
        #expect(own && !pairing.isPaired(at: start) && !pairing.debug.isActive)

        pairing.paired(PairResponse(pairing: "p2", expiresAt: 1_800_003_600_000))
        pairing.debug.set("session-2")
        let ended = pairing.end()
        let again = pairing.end()

        #expect(ended?.pairing == "p2")
        #expect(pairing.current == nil && !pairing.debug.isActive)
        #expect(again == nil, "nothing left to end")
    }

    @Test func aPreviewIsOneUntilItsDisplayEnds() {
        var pairing = DevicePairing()
        pairing.previewing("preview-1")
        #expect(pairing.isPreview("preview-1") && !pairing.isPreview("campaign-1"))
        pairing.displayEnded("campaign-1")
        #expect(pairing.isPreview("preview-1"))
        pairing.displayEnded("preview-1")
        #expect(!pairing.isPreview("preview-1"))
    }
}
