import Foundation
@testable import Marquee
import MarqueeModel
import Testing

/// The bucket changes only through its named mutations: each keeps its rule.
@Suite struct UserBucketTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aCatalogOfAnotherUserIsNotAttached() {
        var bucket = UserBucket(identityKey: "u:ada|t:")
        bucket.attach(CampaignCatalog(identityKey: "u:bob|t:", campaigns: [Fixture.campaign("bobs")], fingerprint: "f"))
        #expect(bucket.campaigns.isEmpty && bucket.listFingerprint == nil)
        bucket.attach(CampaignCatalog(identityKey: "u:ada|t:", campaigns: [Fixture.campaign("adas")], fingerprint: "f"))
        #expect(bucket.campaigns.map(\.id) == ["adas"] && bucket.listFingerprint == "f")
        bucket.forgetListFingerprint()
        #expect(bucket.listFingerprint == nil && bucket.campaigns.map(\.id) == ["adas"], "the list stays; the next ping asks for it whole")
    }

    @Test func exposuresAreForgottenWhenTheirWindowClosesAndAConversionIsRecordedOnce() {
        var bucket = UserBucket(identityKey: "anonymous")
        let goal = ConversionGoal(event: .purchase, windowHours: 1)
        bucket.recordExposure(ExposureRecord(at: Self.start, variant: nil, goal: goal, isTest: false, campaignName: "Sale"), of: "sale")
        let atTheWindowsEnd = bucket.forgetClosedExposures(at: Self.start.addingTimeInterval(3_600))
        #expect(!atTheWindowsEnd && bucket.exposures.keys.sorted() == ["sale"], "open for its whole window")
        let after = bucket.forgetClosedExposures(at: Self.start.addingTimeInterval(3_601))
        #expect(after && bucket.exposures.isEmpty)
        let again = bucket.forgetClosedExposures(at: Self.start.addingTimeInterval(7_200))
        #expect(!again, "nothing left to forget")
        bucket.recordConversion(of: "sale")
        bucket.recordConversion(of: "sale")
        #expect(bucket.converted == ["sale"])
    }

    /// The names are fixed vectors: a readable prefix and the identity's 64-bit FNV-1a, computed
    /// apart from Marquee (Python: `h ^= b; h = h * 0x100000001b3 % 2**64` from 0xcbf29ce484222325).
    /// A file name that moved would lose every user's bucket at the next launch.
    @Test func theBucketFileIsNamedByItsIdentity() {
        #expect(UserBucket(identityKey: "u:ada|t:").fileName == "user-u_ada_t_-666e1b124e785a24.json")
        #expect(UserBucket(identityKey: "anonymous").fileName == "user-anonymous-1393e42b854e188e.json")
    }
}
