import Fluent

/// Marquee's migrations in order. Never edit one that has shipped; add the next number.
enum MarqueeMigrations {
    static let all: [any Migration] = [
        M001_CreateApps(),
        M002_CreateCampaigns(),
        M003_CreateImpressions(),
        M004_CreateSettings(),
        M005_CreateImpressionTotals(),
        M006_CreateAccounts(),
        M007_CreateSessions(),
        M008_CreateInbox(),
        M009_AddIdentityVerification(),
        M010_AddInboxCampaigns(),
        M011_CreateAuditEvents(),
        M012_AddAuditChanges(),
        M013_AddInboxPurgeHorizon(),
        M014_AddImpressionVariants(),
        M015_CreateCampaignCounts(),
        M016_CreateCampaignReach(),
        M017_CreateConversions(),
        M018_CreateUserAttributes(),
        M019_IndexImpressionBatches(),
        M020_CreateDeviceLocales(),
        M021_CreateUserProfiles(),
        M022_CreateSegments(),
        M023_CreateCampaignPageViews(),
        M024_CreateSurveyResponses(),
        M025_AddCampaignPingBytes(),
        M026_CreateImportJobs(),
        M027_PackImpressionBatches(),
        M028_DigestExperimentUnits(),
        M029_DigestUserKeys(),
        M030_DigestInboxEvents(),
        M031_DigestInboxEntries(),
        M032_PackSurveyChoices(),
        M033_DropProfileIndex(),
        M034_KeyInboxCopies(),
        M035_CreateCampaignLists(),
        M036_CreateEventLog(),
        M037_CreateWebhooks(),
        M038_CreatePairings(),
        M039_WebhookDeliveriesReadTheLog(),
        M040_EventPositionsAreNeverReused(),
        M041_AddWebOrigins(),
    ]

    /// The names Fluent records for them once they ran (readiness compares them).
    static var names: [String] { all.map(\.name) }
}

extension Migrations {
    func addMarqueeMigrations() {
        add(MarqueeMigrations.all)
    }
}
