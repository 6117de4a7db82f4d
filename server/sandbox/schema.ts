import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { type Db } from './db.ts'
import { seed } from './seed/index.ts'
import { STATEMENT_SECRET } from './statements-calendar.ts'

// The sandbox database's tables, and how a database gets them: opened (built and seeded when new or
// outdated) or reset to the seed. Apart from db.ts so that the seed can use the database's type.

/** Bump when the schema or seed changes: an older database file is rebuilt from seed. */
export const SCHEMA_VERSION = 9

const SCHEMA = `
CREATE TABLE company (id TEXT PRIMARY KEY, name TEXT NOT NULL, abn TEXT NOT NULL, email TEXT NOT NULL);
CREATE TABLE customers (
	id_cust INTEGER PRIMARY KEY, company_id TEXT NOT NULL, customerName TEXT NOT NULL,
	streetAddress TEXT NOT NULL, streetSuburb TEXT NOT NULL, streetState TEXT NOT NULL, streetPostCode TEXT NOT NULL,
	customerEmail TEXT NOT NULL, billAddress TEXT NOT NULL, billSuburb TEXT NOT NULL, billState TEXT NOT NULL,
	billPostCode TEXT NOT NULL, phoneHome TEXT NOT NULL, faxBusiness TEXT NOT NULL, phoneMobile TEXT NOT NULL,
	account_status TEXT NOT NULL CHECK (account_status IN ('Active','On Hold','Suspended')),
	-- Balances the control API set (tests); NULL: the ledger's on the day asked (statements.ts).
	current_balance REAL, balance_30_day REAL, balance_overdue REAL,
	-- The customer's price discount off TradePrice (0.12 = 12%).
	discount REAL NOT NULL DEFAULT 0 CHECK (discount >= 0 AND discount < 1)
);
CREATE TABLE users (
	id_user INTEGER PRIMARY KEY, id_cust INTEGER NOT NULL REFERENCES customers, username TEXT NOT NULL UNIQUE COLLATE NOCASE,
	password_hash TEXT NOT NULL, name_first TEXT NOT NULL, name_last TEXT NOT NULL, email TEXT NOT NULL,
	roleID TEXT NOT NULL DEFAULT 'admin' CHECK (roleID IN ('admin','sales')), active INTEGER NOT NULL DEFAULT 1,
	-- Registered and not yet switched on (approved) by the supplier: sign-in says so.
	awaiting_approval INTEGER NOT NULL DEFAULT 0,
	last_login_at TEXT, current_login_at TEXT,
	-- Sub-user (mobile user) contact details and mobile access; active is web access (canAccessTPWeb).
	phone_mobile TEXT NOT NULL DEFAULT '', phone_business TEXT NOT NULL DEFAULT '', phone_home TEXT NOT NULL DEFAULT '',
	fax TEXT NOT NULL DEFAULT '', mobile_access INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE sessions (
	session_id TEXT PRIMARY KEY, id_user INTEGER NOT NULL REFERENCES users, created_at TEXT NOT NULL, last_seen_at TEXT NOT NULL
);
CREATE TABLE settings (id_cust INTEGER, name TEXT NOT NULL, value TEXT NOT NULL);
CREATE UNIQUE INDEX settings_key ON settings (ifnull(id_cust, 0), name);
CREATE TABLE widgets (
	id INTEGER PRIMARY KEY, id_cust INTEGER, object_set TEXT NOT NULL, label_object TEXT NOT NULL,
	type_object TEXT NOT NULL, object_value TEXT NOT NULL DEFAULT '', object_value_2 TEXT NOT NULL DEFAULT '',
	is_enabled INTEGER NOT NULL, desc_object TEXT NOT NULL DEFAULT '', sort INTEGER NOT NULL
);
-- takes_orders: an order branch (pickup, delivery); web: shown online.
CREATE TABLE branches (
	branchID INTEGER PRIMARY KEY, branchName TEXT NOT NULL, address1 TEXT NOT NULL, address2 TEXT NOT NULL,
	address3 TEXT NOT NULL, phone TEXT NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL,
	takes_orders INTEGER NOT NULL DEFAULT 1, web INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE vehicle_types (vehicleTypeID INTEGER PRIMARY KEY, vehicleTypeDesc TEXT NOT NULL);
-- The vehicles each branch delivers with.
CREATE TABLE branch_vehicles (
	branchID INTEGER NOT NULL REFERENCES branches, vehicleTypeID INTEGER NOT NULL REFERENCES vehicle_types,
	PRIMARY KEY (branchID, vehicleTypeID)
) WITHOUT ROWID;
CREATE TABLE despatch_methods (
	methodName TEXT PRIMARY KEY, methodDesc TEXT NOT NULL, delivery INTEGER NOT NULL, sort INTEGER NOT NULL
);
CREATE TABLE states (stateID TEXT PRIMARY KEY, stateName TEXT NOT NULL);
CREATE TABLE menu (
	prodCategory TEXT NOT NULL, prodType TEXT NOT NULL DEFAULT '', prodClass TEXT NOT NULL DEFAULT '',
	menuDesc TEXT NOT NULL, menuFiles TEXT NOT NULL DEFAULT '', sort INTEGER NOT NULL,
	PRIMARY KEY (prodCategory, prodType, prodClass)
);
-- Prices are ex GST; all three 0 means price on application. uoms: 'EA|BOX', the first is the pricing unit.
-- Charge products (delivery charges) belong to no menu entry: their category, type and class are NULL,
-- so listings and search never show them, while the cart takes them.
CREATE TABLE products (
	productID TEXT PRIMARY KEY, productShortDesc TEXT NOT NULL, productLongDesc TEXT NOT NULL,
	prodCategory TEXT, prodType TEXT, prodClass TEXT,
	productImage TEXT NOT NULL DEFAULT '', productFiles TEXT NOT NULL DEFAULT '', fileTypes TEXT NOT NULL DEFAULT '',
	productGallery TEXT NOT NULL DEFAULT '',
	stockStatus TEXT NOT NULL CHECK (stockStatus IN ('InStock','LowStock','SpecialOrder')),
	RRP REAL NOT NULL, TradePrice REAL NOT NULL, BestPrice REAL NOT NULL,
	uoms TEXT NOT NULL, isTally INTEGER NOT NULL DEFAULT 0,
	-- lower-case SKU, short and long description: what search words are matched against.
	searchText TEXT NOT NULL,
	FOREIGN KEY (prodCategory, prodType, prodClass) REFERENCES menu
);
CREATE INDEX products_menu ON products (prodCategory, prodType, prodClass);
CREATE INDEX products_order ON products (productShortDesc, productID);
CREATE TABLE product_lines (
	productID TEXT NOT NULL REFERENCES products, kind TEXT NOT NULL CHECK (kind IN ('feature','info')),
	itemType TEXT NOT NULL, itemDescription TEXT NOT NULL, sort INTEGER NOT NULL,
	PRIMARY KEY (productID, kind, sort)
) WITHOUT ROWID;
CREATE TABLE tally_lengths (
	productID TEXT NOT NULL REFERENCES products, length REAL NOT NULL CHECK (length > 0),
	PRIMARY KEY (productID, length)
) WITHOUT ROWID;
-- The delivery charge product per vehicle type and distance band (up to max_km; NULL: beyond the last band).
CREATE TABLE delivery_charges (
	vehicleTypeID INTEGER NOT NULL REFERENCES vehicle_types, max_km REAL, productID TEXT NOT NULL REFERENCES products
);
CREATE INDEX delivery_charges_vehicle ON delivery_charges (vehicleTypeID, max_km);
-- sessionType: 'Cart' (a shopping cart), 'Custom' (a customer's saved list, named) or 'Generic' (a list the
-- supplier set up, named, not editable). ordered_at/transaction_id: the cart became that order or quote.
CREATE TABLE carts (
	cartSessionId TEXT PRIMARY KEY, id_cust INTEGER NOT NULL REFERENCES customers,
	sessionType TEXT NOT NULL CHECK (sessionType IN ('Cart','Custom','Generic')),
	name TEXT NOT NULL DEFAULT '', created_at TEXT NOT NULL,
	ordered_at TEXT, transaction_id INTEGER REFERENCES transactions
);
CREATE INDEX carts_customer ON carts (id_cust, created_at);
CREATE TABLE cart_lines (
	cartSessionId TEXT NOT NULL REFERENCES carts ON DELETE CASCADE, lineID INTEGER NOT NULL,
	productID TEXT NOT NULL, prodQty REAL NOT NULL, UOM TEXT NOT NULL, unitPrice REAL NOT NULL,
	unitGST REAL NOT NULL, prodDesc TEXT NOT NULL, productImage TEXT NOT NULL DEFAULT '', isTally INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (cartSessionId, lineID)
);
-- The lengths and quantities of a tally line (the line's prodQty is their total metres).
CREATE TABLE cart_tallies (
	cartSessionId TEXT NOT NULL, lineID INTEGER NOT NULL, length REAL NOT NULL, qty INTEGER NOT NULL,
	FOREIGN KEY (cartSessionId, lineID) REFERENCES cart_lines ON DELETE CASCADE
);
CREATE INDEX cart_tallies_line ON cart_tallies (cartSessionId, lineID);
-- Orders, quotes and invoices. Amounts are ex GST, GST and inc GST (transactionAmount = inc GST).
-- idempotency_key: the checkout attempt that created an order or quote (NULL for seeded history).
-- accepted_*: a quote the customer accepted (acceptQuote): when, by whom, the delivery date asked for
-- and the comment; NULL while it is not accepted (and for orders and invoices).
CREATE TABLE transactions (
	id INTEGER PRIMARY KEY, transactionNumber INTEGER NOT NULL, transactionSuffix INTEGER NOT NULL DEFAULT 0,
	transactionType TEXT NOT NULL CHECK (transactionType IN ('Order','Quote','Invoice')),
	id_cust INTEGER NOT NULL REFERENCES customers, id_user INTEGER REFERENCES users,
	deliveryDate TEXT NOT NULL DEFAULT '', invoiceDate TEXT NOT NULL DEFAULT '',
	branchID INTEGER NOT NULL REFERENCES branches, customerOrderNumber TEXT NOT NULL DEFAULT '',
	nameCharge TEXT NOT NULL DEFAULT '', nameShip TEXT NOT NULL DEFAULT '', jobName TEXT NOT NULL DEFAULT '',
	shipAddress1 TEXT NOT NULL DEFAULT '', shipAddress2 TEXT NOT NULL DEFAULT '', shipAddress3 TEXT NOT NULL DEFAULT '',
	comment_tportal TEXT NOT NULL DEFAULT '',
	transactionTotalAmountExcGST REAL NOT NULL, transactionTotalGST REAL NOT NULL,
	transactionTotalAmountIncGST REAL NOT NULL, transactionAmount REAL NOT NULL,
	despatchMethod TEXT NOT NULL DEFAULT '', dateRequired TEXT NOT NULL DEFAULT '',
	buildersContact TEXT NOT NULL DEFAULT '', contactPhone TEXT NOT NULL DEFAULT '', contactMobile TEXT NOT NULL DEFAULT '',
	contactEmail TEXT NOT NULL DEFAULT '', contactOnSite INTEGER NOT NULL DEFAULT 0, vehicleType INTEGER NOT NULL DEFAULT 0,
	latitude REAL NOT NULL DEFAULT 0, longitude REAL NOT NULL DEFAULT 0, distanceKm REAL NOT NULL DEFAULT 0,
	cartSessionId TEXT, created_at TEXT NOT NULL, idempotency_key TEXT,
	accepted_at TEXT, accepted_by INTEGER REFERENCES users, accepted_delivery_date TEXT, accepted_comment TEXT,
	UNIQUE (transactionNumber, transactionSuffix),
	UNIQUE (id_cust, idempotency_key)
);
CREATE INDEX transactions_customer ON transactions (id_cust, created_at);
CREATE TABLE transaction_lines (
	transaction_id INTEGER NOT NULL REFERENCES transactions ON DELETE CASCADE, lineNum INTEGER NOT NULL,
	productCode TEXT NOT NULL, productDesc TEXT NOT NULL, quantity REAL NOT NULL, unitOfMeasure TEXT NOT NULL,
	unitPrice REAL NOT NULL, linePrice REAL NOT NULL,
	PRIMARY KEY (transaction_id, lineNum)
) WITHOUT ROWID;
-- Payments received on account, and the invoices each pays (what statements and balances read).
CREATE TABLE payments (
	id INTEGER PRIMARY KEY, id_cust INTEGER NOT NULL REFERENCES customers, receiptNumber INTEGER NOT NULL UNIQUE,
	paid_on TEXT NOT NULL, amount REAL NOT NULL, reference TEXT NOT NULL
);
CREATE TABLE payment_allocations (
	payment_id INTEGER NOT NULL REFERENCES payments, transaction_id INTEGER NOT NULL REFERENCES transactions,
	amount REAL NOT NULL, PRIMARY KEY (payment_id, transaction_id)
) WITHOUT ROWID;
CREATE TABLE outbox (
	id INTEGER PRIMARY KEY, sent_at TEXT NOT NULL, to_address TEXT NOT NULL, from_address TEXT NOT NULL,
	-- from_address is the supplier's own; the customer's or visitor's address is reply_to.
	reply_to TEXT NOT NULL DEFAULT '',
	cc TEXT NOT NULL DEFAULT '', bcc TEXT NOT NULL DEFAULT '', subject TEXT NOT NULL, body TEXT NOT NULL,
	attachments TEXT NOT NULL DEFAULT '[]'
);
-- Files on the Downloads page; id_cust NULL: every customer's. kind says how the file is made when
-- asked for: 'price-list' (CSV of a category's products at the customer's prices, source = category or
-- '' for all), 'catalogue' (PDF of a category's products) or 'document' (PDF of the JSON lines in source).
CREATE TABLE downloads (
	id INTEGER PRIMARY KEY, id_cust INTEGER REFERENCES customers, FileName TEXT NOT NULL UNIQUE,
	Description TEXT NOT NULL, Category TEXT NOT NULL, Date TEXT NOT NULL,
	kind TEXT NOT NULL CHECK (kind IN ('price-list','catalogue','document')), source TEXT NOT NULL DEFAULT ''
);
-- A customer's price book configuration (none: 'No price book extract has been set up for you').
-- format: 1 Tab Delimited, 2 Comma Delimited, 3 Default Format 1, 4 Default Format 2; type: F Full, I Incremental;
-- frequency: D, W, F (fortnightly), M.
CREATE TABLE pricebooks (
	id_cust INTEGER PRIMARY KEY REFERENCES customers,
	frequency TEXT NOT NULL CHECK (frequency IN ('D','W','F','M')), type TEXT NOT NULL CHECK (type IN ('F','I')),
	format TEXT NOT NULL CHECK (format IN ('1','2','3','4')), recipient TEXT NOT NULL, last_calculated TEXT NOT NULL DEFAULT '',
	show_new INTEGER NOT NULL, core_only INTEGER NOT NULL, quarterly INTEGER NOT NULL, zipped INTEGER NOT NULL
);
-- The price books generated and sent (scheduled, or asked for with requestNewPriceBook).
CREATE TABLE pricebook_history (
	historyID INTEGER PRIMARY KEY, id_cust INTEGER NOT NULL REFERENCES pricebooks, dateGenerated TEXT NOT NULL,
	typeGenerated TEXT NOT NULL, formatGenerated TEXT NOT NULL, sentRecipient TEXT NOT NULL,
	newCodesGenerated INTEGER NOT NULL, coreProductsGenerated INTEGER NOT NULL, requested INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX pricebook_history_customer ON pricebook_history (id_cust, dateGenerated);
-- Card payments through the sandbox's hosted payment page (operations/payments.ts): pending until
-- its Approve, Decline or Cancel; an approved payment is applied to the balances once, then.
CREATE TABLE payment_sessions (
	session_id TEXT PRIMARY KEY, id_cust INTEGER NOT NULL REFERENCES customers, amount REAL NOT NULL,
	reference TEXT NOT NULL, approved_url TEXT NOT NULL, declined_url TEXT NOT NULL, cancelled_url TEXT NOT NULL,
	-- The hosted page's secret, given only in the address the portal sends the browser to.
	token TEXT NOT NULL,
	status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','declined','cancelled')),
	created_at TEXT NOT NULL, completed_at TEXT
);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`

function dropAll(db: Db) {
	const tables = db
		.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
		.all() as Array<{ name: string }>
	for (const { name } of tables) db.exec(`DROP TABLE "${name}"`)
}

/**
 * The seeded database as an image, built once per process: an in-memory database resets by loading
 * it, in a few milliseconds where building and seeding takes tens (the e2e tests reset before
 * every test).
 */
let seededImage: Uint8Array | undefined

/**
 * node:sqlite compiles a statement on every `prepare`, and the sandbox prepares the same few on
 * every call (the session check), so each is compiled once and kept. SQLite recompiles a kept
 * statement itself when the schema changes.
 */
function reusePreparedStatements(db: Db) {
	const prepare = db.prepare.bind(db)
	const statements = new Map<string, StatementSync>()
	db.prepare = (sql: string) => {
		let statement = statements.get(sql)
		if (!statement) {
			// Only a handful of statements are built from parts; the bound is a guard, not a policy.
			if (statements.size >= 1_000) statements.clear()
			statement = prepare(sql)
			statements.set(sql, statement)
		}
		return statement
	}
}

/** Back to the schema and the deterministic seed data. */
export function resetDatabase(db: Db) {
	// A database file is rebuilt in place: loading an image would detach the connection from it.
	if (db.location() !== null) return rebuildDatabase(db)
	seededImage ??= buildSeededImage()
	db.deserialize(seededImage)
	// Loading an image finalizes the connection's prepared statements: the cache starts over.
	Reflect.deleteProperty(db, 'prepare')
	reusePreparedStatements(db)
	// The image carries one secret; a reset, like a rebuild, makes the database its own again.
	db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(
		randomBytes(32).toString('hex'),
		STATEMENT_SECRET,
	)
}

function buildSeededImage() {
	const scratch = new DatabaseSync(':memory:')
	try {
		rebuildDatabase(scratch)
		return scratch.serialize()
	} finally {
		scratch.close()
	}
}

/** Drops everything and rebuilds the schema and the deterministic seed data. */
function rebuildDatabase(db: Db) {
	// NOTE: the pragma is a no-op inside a transaction, so it wraps it.
	db.exec('PRAGMA foreign_keys = OFF')
	db.exec('BEGIN')
	try {
		dropAll(db)
		db.exec(SCHEMA)
		seed(db)
		db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('schema', String(SCHEMA_VERSION))
		// Every database its own: statement references are derived from it (statements-calendar.ts).
		db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(
			STATEMENT_SECRET,
			randomBytes(32).toString('hex'),
		)
		db.exec('COMMIT')
	} catch (error) {
		db.exec('ROLLBACK')
		throw error
	} finally {
		db.exec('PRAGMA foreign_keys = ON')
	}
}

/** Opens (creating and seeding when new or outdated) the sandbox database. ':memory:' works too. */
export function openDatabase(file: string): Db {
	if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true })
	const db = new DatabaseSync(file)
	reusePreparedStatements(db)
	db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 2000')
	let version: string | undefined
	try {
		version = (
			db.prepare(`SELECT value FROM meta WHERE key = 'schema'`).get() as
				{ value: string } | undefined
		)?.value
	} catch {
		version = undefined
	}
	if (version !== String(SCHEMA_VERSION)) resetDatabase(db)
	return db
}
