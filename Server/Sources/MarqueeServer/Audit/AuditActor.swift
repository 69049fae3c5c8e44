/// Who did something, as the audit log records it.
struct AuditActor: Sendable, Equatable {
    /// `admin-token`, `app` or `account`.
    var kind: String
    /// The account's email or the app's id; `nil` for the admin token (one shared credential).
    var name: String?
    var role: AccountRole?

    init(kind: String, name: String? = nil, role: AccountRole? = nil) {
        self.kind = kind
        self.name = name
        self.role = role
    }

    /// The actor behind `principal`; `email` names an account (from its session).
    init(_ principal: Principal, email: String?) {
        switch principal {
        case .admin: self.init(kind: "admin-token")
        case .app(let id): self.init(kind: "app", name: id.canonical)
        case .account(_, let role): self.init(kind: "account", name: email, role: role)
        }
    }
}
