import Fluent

extension Migrations {
    /// Marquee's migrations in order. Never edit one that has shipped; add the next number.
    func addMarqueeMigrations() {
        add(M001_CreateApps())
        add(M002_CreateCampaigns())
        add(M003_CreateImpressions())
        add(M004_CreateSettings())
        add(M005_CreateImpressionTotals())
        add(M006_CreateAccounts())
        add(M007_CreateSessions())
        add(M008_CreateInbox())
        add(M009_AddIdentityVerification())
        add(M010_AddInboxCampaigns())
        add(M011_CreateAuditEvents())
        add(M012_AddAuditChanges())
        add(M013_AddInboxPurgeHorizon())
        add(M014_AddImpressionVariants())
        add(M015_CreateCampaignCounts())
        add(M016_CreateCampaignReach())
        add(M017_CreateConversions())
        add(M018_CreateUserAttributes())
        add(M019_IndexImpressionBatches())
    }
}
