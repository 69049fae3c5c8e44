#if canImport(UIKit)
import Marquee
import MarqueeRender
import UIKit

/// The App Inbox list for UIKit, on the same ``InboxListViewModel`` as the SwiftUI list: fetches
/// when it appears and on pull to refresh, follows the inbox's changes, shows a progress
/// indicator, the empty or failed state in words (with a button to try again), and pushes
/// ``MarqueeInboxDetailViewController`` when a row is chosen. Show it inside a
/// `UINavigationController`.
///
/// A subclass draws its own rows (``cell(for:at:)``) or does something else when one is chosen
/// (``didSelect(_:)``).
@MainActor
open class MarqueeInboxViewController: UITableViewController {
    /// The list's logic.
    public let model: InboxListViewModel
    private var running: Task<Void, Never>?
    private var rows: [InboxRow] = []

    /// The list of the inbox in `context`.
    public init(context: InboxViewContext = InboxViewContext()) {
        model = InboxListViewModel(context: context)
        super.init(style: .plain)
        title = model.title
    }

    @available(*, unavailable)
    public required init?(coder: NSCoder) { fatalError("MarqueeInboxViewController is created in code") }

    open override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(InboxRowCell.self, forCellReuseIdentifier: InboxRowCell.reuseIdentifier)
        tableView.rowHeight = UITableView.automaticDimension
        tableView.estimatedRowHeight = 80
        let refresh = UIRefreshControl()
        refresh.addTarget(self, action: #selector(pullToRefresh), for: .valueChanged)
        refreshControl = refresh
        model.observe(by: self) { [weak self] in self?.show() }
        show()
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if running == nil { running = Task { [model] in await model.run() } }
    }

    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        // Leaving for good (popped or dismissed), not for a pushed detail.
        if isMovingFromParent || isBeingDismissed || navigationController?.isBeingDismissed == true {
            running?.cancel()
            running = nil
        }
    }

    @objc private func pullToRefresh() {
        Task { [weak self, model] in
            await model.refresh()
            self?.refreshControl?.endRefreshing()
        }
    }

    private func show() {
        let labels = model.context.labels
        switch model.state {
        case .loading:
            rows = []
            let spinner = UIActivityIndicatorView(style: .medium)
            spinner.startAnimating()
            spinner.accessibilityLabel = labels.loading
            tableView.backgroundView = spinner
        case .empty:
            rows = []
            tableView.backgroundView = InboxStateView(text: labels.empty, detail: labels.emptyDetail)
        case .failed(let message):
            rows = []
            tableView.backgroundView = InboxStateView(text: message, detail: labels.failedDetail, action: (labels.retry, { [model] in
                Task { await model.refresh() }
            }))
        case .loaded(let loaded):
            rows = loaded
            tableView.backgroundView = nil
        }
        tableView.reloadData()
    }

    open override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rows.count
    }

    open override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cell(for: rows[indexPath.row], at: indexPath)
    }

    open override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        didSelect(rows[indexPath.row])
    }

    /// The cell that shows `row`: Marquee's own, unless a subclass draws its own (registering
    /// its cell class in `viewDidLoad`).
    open func cell(for row: InboxRow, at indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: InboxRowCell.reuseIdentifier, for: indexPath)
        (cell as? InboxRowCell)?.show(row, labels: model.context.labels)
        return cell
    }

    /// The user chose `row`: pushes its ``MarqueeInboxDetailViewController``, unless a subclass
    /// does something else.
    open func didSelect(_ row: InboxRow) {
        let detail = MarqueeInboxDetailViewController(messageID: row.id, context: model.context)
        navigationController?.pushViewController(detail, animated: true)
    }
}
#endif
