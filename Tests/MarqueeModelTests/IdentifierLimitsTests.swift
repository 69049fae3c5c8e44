import Foundation
import MarqueeModel
import Testing

/// Identifier limits count bytes of UTF-8, what an identifier costs to store and send: a name of
/// 4-byte characters fits a quarter as many characters as an ASCII one.
@Suite struct IdentifierLimitsTests {
    /// `count` copies of a 4-byte character (U+1F600).
    static func wide(_ count: Int) -> String { String(repeating: "\u{1F600}", count: count) }

    @Test func theOneRuleCountsBytes() {
        #expect(IdentifierLimits.fits(Self.wide(64), IdentifierLimits.userID))
        #expect(!IdentifierLimits.fits(Self.wide(65), IdentifierLimits.userID))
        #expect(IdentifierLimits.fits(Self.wide(32), IdentifierLimits.deviceID))
        #expect(!IdentifierLimits.fits(Self.wide(33), IdentifierLimits.deviceID))
        #expect(IdentifierLimits.userIDProblem(Self.wide(64)) == nil)
        #expect(IdentifierLimits.userIDProblem(Self.wide(65)) == "must be at most 256 bytes of UTF-8, not 260")
        #expect(IdentifierLimits.userIDProblem("") == "must not be empty")
    }

    static func campaign(_ id: String) -> Campaign {
        var message = Message(kind: .modal, title: "Hi")
        message.buttons = [MessageButton(id: id, text: "Go")]
        return Campaign(id: "c", name: "Sale", message: message, triggers: TriggerSet(triggers: [
            Trigger(.custom, name: id, conditions: [AttributeCondition(name: id, type: .string, operator: .equals, value: "a")]),
        ]), targeting: Targeting(userIDs: [Self.wide(64)]))
    }

    @Test func campaignIdentifiersAreLimitedInBytes() {
        let limit = Campaign.Limits.maxIdentifierLength
        #expect(Self.campaign(Self.wide(limit / 4)).validationIssues() == [])
        let fields = Self.campaign(Self.wide(limit / 4 + 1)).validationIssues().map(\.field)
        #expect(fields == ["message.buttons[0].id", "triggers.triggers[0].name", "triggers.triggers[0].conditions[0].name"])
        let issue = Self.campaign(Self.wide(limit / 4 + 1)).validationIssues().first
        #expect(issue?.message == "must be at most \(limit) bytes of UTF-8")

        var overTargeted = Self.campaign("go")
        overTargeted.targeting.userIDs = [Self.wide(65)]
        #expect(overTargeted.validationIssues().map(\.field) == ["targeting.userIDs"], "targeting takes user IDs by the same rule")
    }

    @Test func profileNamesAndPlacementsAreLimitedInBytes() {
        #expect(ProfileName.isValid(String(repeating: "a", count: ProfileName.maxLength)))
        #expect(!ProfileName.isValid(String(repeating: "a", count: ProfileName.maxLength + 1)))
        #expect(PlacementID.isValid(String(repeating: "a", count: PlacementID.maxLength)))
        #expect(!PlacementID.isValid(String(repeating: "a", count: PlacementID.maxLength + 1)))
    }
}
