import Vapor

/// The services a running server shares across requests.
struct MarqueeServices: Sendable {
    var configuration: ServerConfiguration
    var clock: any ServerClock
    var catalog: CampaignCatalog
    /// The apps SDK requests name, served from memory.
    var directory: AppDirectory
    /// Hash of the admin token in force.
    var adminTokenHash: String
    /// Where previews are rendered.
    var renderWorkers: RenderWorkers
    /// Stores impression batches, committing concurrent ones together.
    var impressionWriter: ImpressionWriter
    /// Stores App Inbox tracking events, committing concurrent requests' together.
    var inboxTracking: GroupCommit<InboxStore.TrackedEvents, Int>
    /// Where passwords are hashed and checked.
    var passwords: PasswordWorkers
    /// Failed sign-ins per account and address.
    var signInLimiter: SignInLimiter
}

extension Application {
    private struct ServicesKey: StorageKey {
        typealias Value = MarqueeServices
    }

    var marquee: MarqueeServices {
        get {
            guard let services = storage[ServicesKey.self] else {
                fatalError("configure(_:configuration:) must run before the app serves requests")
            }
            return services
        }
        set { storage[ServicesKey.self] = newValue }
    }
}

extension Request {
    var marquee: MarqueeServices { application.marquee }

    /// The accounts of this server, on this request's database.
    var accounts: AccountStore {
        AccountStore(database: db, clock: marquee.clock, passwords: marquee.passwords)
    }
}
