package deploy

// The permissions table: each Google API call ListingLift makes (the
// server and the market-refresh job in their Go code, Cloud Run, Cloud
// Tasks and Cloud Scheduler on their behalf, and the build's gcloud and
// firebase commands) → the IAM permissions it needs → the role the deploy
// binds, to which account, on what. docs/DEPLOY.md §6 (and §9, §10, §13)
// grant exactly these roles; permissions_test.go keeps the three in step:
// every Google client method the Go code calls has a row, every row's
// permissions are granted by a role the guide binds to that account on that
// resource, every role bound to the four accounts is needed by a row (a
// custom role's permissions are exactly the rows'), and cloudbuild.yaml runs
// each thing as the account its rows name.
//
// Permission names are Google's, as its reference pages give them:
//   - Firebase Authentication (Identity Platform's admin API; "Access
//     control with IAM", https://cloud.google.com/identity-platform/docs/access-control):
//     DeleteAccount → firebaseauth.users.delete; GetAccountInfo (accounts:lookup,
//     GetUser) → firebaseauth.users.get; SetAccountInfo (accounts:update, which
//     RevokeRefreshTokens calls) → firebaseauth.users.update; CreateSessionCookie →
//     firebaseauth.users.createSession. roles/firebaseauth.admin holds all of
//     firebaseauth.* (configs.getSecret, users.create, …) and roles/firebaseauth.viewer
//     only users.get and configs.get, so the runtime gets a custom role with the four.
//   - Firestore ("Security for server client libraries",
//     https://cloud.google.com/firestore/docs/security/iam): batchGet → datastore.entities.get;
//     runQuery and runAggregationQuery → datastore.entities.list; beginTransaction and
//     rollback → datastore.databases.get; commit → datastore.entities.create, .update or
//     .delete per write.
//   - Cloud Tasks (https://cloud.google.com/iam/docs/roles-permissions/cloudtasks):
//     CreateTask → cloudtasks.tasks.create, GetTask → cloudtasks.tasks.get, ListTasks →
//     cloudtasks.tasks.list; a task with an OIDC token for another account needs
//     iam.serviceAccounts.actAs on it.
//   - Cloud Storage (https://cloud.google.com/storage/docs/access-control/iam-permissions):
//     upload → storage.objects.create (and storage.objects.delete to replace an existing
//     object), download → storage.objects.get, delete → storage.objects.delete.
//   - Cloud Run (https://cloud.google.com/run/docs/reference/iam/permissions): calling a
//     service → run.routes.invoke; running a job → run.jobs.run.

// The accounts, by the variable docs/DEPLOY.md exports for each.
const (
	RunSA    = "RUN_SA"    // Cloud Run's runtime account: the server and the market-refresh job
	TasksSA  = "TASKS_SA"  // the OIDC identity of report tasks and of the sweep
	BackupSA = "BACKUP_SA" // the nightly Firestore export's
	BuildSA  = "BUILD_SA"  // Cloud Build's
)

// AuthRole is the custom role the runtime account gets for Firebase
// Authentication, as docs/DEPLOY.md §6 creates it.
const AuthRole = "projects/$PROJECT_ID/roles/listingliftAuthUsers"

// A Call is one row of the table.
type Call struct {
	// Account makes the call (one of the constants above).
	Account string
	// Package and Methods: methods of a Google client library (its import
	// path) that the Go code calls. The test finds every call of such a
	// method in the server's and the command line tool's packages; a
	// method that makes no call Google authorises (a handle, a builder,
	// an iterator's bookkeeping, a token checked locally) is a row
	// with no Permissions.
	Package string
	Methods []string
	// What: for a row without Package, the call as the platform or the
	// build makes it; for a code row, why it needs what it needs.
	What string
	// Permissions the call needs.
	Permissions []string
	// Role grants them, bound to Account On: "project", a bucket
	// ("gs://$BUCKET", the guide's variable), an account ("$TASKS_SA"),
	// "run services NAME", "run jobs NAME", or "secrets" (each secret the
	// service mounts: cloudbuild.yaml's --set-secrets).
	Role, On string
	// RunAs: where cloudbuild.yaml names the account the call is made as
	// (step id, flag, and a text the flag follows when the step has
	// several); empty when nothing in the build does.
	RunAs [3]string
	// Pending: the call is in another change under way, not yet in the
	// code (the test then does not insist on finding it).
	Pending string
}

// A Role is one the guide binds. Custom roles' Permissions are exactly
// what `gcloud iam roles create` must list; predefined roles' are those of
// Google's published list that the rows rely on (it holds more), with
// Accepted saying why the role is bound though it grants more.
type Role struct {
	Permissions []string
	Custom      bool
	Accepted    string
}

const (
	firestorePkg = "cloud.google.com/go/firestore"
	storagePkg   = "cloud.google.com/go/storage"
	tasksPkg     = "cloud.google.com/go/cloudtasks/apiv2"
	authPkg      = "firebase.google.com/go/v4/auth"
	firebasePkg  = "firebase.google.com/go/v4"
)

var (
	server    = [3]string{"deploy-run", "--service-account", ""}
	marketJob = [3]string{"deploy-market-job", "--service-account", ""}
)

// Calls is the table.
var Calls = []Call{
	// Firebase Authentication, from backend/auth (the server).
	{Account: RunSA, Package: authPkg, Methods: []string{"DeleteUser"}, RunAs: server,
		What:        "account deletion deletes the Firebase user (DELETE /api/me, and the sweep finishing a deletion)",
		Permissions: []string{"firebaseauth.users.delete"}, Role: AuthRole, On: "project"},
	{Account: RunSA, Package: authPkg, Methods: []string{"SessionCookie"}, RunAs: server,
		What:        "POST /api/session trades a fresh ID token for a session cookie",
		Permissions: []string{"firebaseauth.users.createSession"}, Role: AuthRole, On: "project"},
	{Account: RunSA, Package: authPkg, Methods: []string{"VerifySessionCookieAndCheckRevoked"}, RunAs: server,
		What: "a drawn page checks its session cookie: the signature locally, then the user's record " +
			"(revoked, disabled or deleted) with accounts:lookup",
		Permissions: []string{"firebaseauth.users.get"}, Role: AuthRole, On: "project"},
	{Account: RunSA, Package: authPkg, Methods: []string{"RevokeRefreshTokens"}, RunAs: server,
		What:        "sign-out revokes the user's sessions server-side (accounts:update, validSince)",
		Permissions: []string{"firebaseauth.users.update"}, Role: AuthRole, On: "project"},
	{Account: RunSA, Package: authPkg, Methods: []string{"VerifyIDToken"},
		What: "checked locally against Google's public signing keys (fetched without credentials); " +
			"no IAM permission (the Auth emulator is asked instead, locally only)"},
	{Account: RunSA, Package: authPkg, Methods: []string{"VerifySessionCookie"},
		What: "sign-out reads the cookie's user without a lookup: checked locally, no IAM permission"},
	{Account: RunSA, Package: firebasePkg, Methods: []string{"Auth"}, What: "builds the Auth client: no call"},

	// Cloud Tasks, from backend/jobs/cloudtasks (the server).
	{Account: RunSA, Package: tasksPkg, Methods: []string{"CreateTask"}, RunAs: server,
		What:        "report, refund, upgrade, PDF and e-mail jobs are queued as HTTP tasks",
		Permissions: []string{"cloudtasks.tasks.create"}, Role: "roles/cloudtasks.enqueuer", On: "project"},
	{Account: RunSA, What: "each task carries an OIDC token for the tasks account (TASKS_SERVICE_ACCOUNT), which the task endpoint insists on",
		RunAs:       server,
		Permissions: []string{"iam.serviceAccounts.actAs"}, Role: "roles/iam.serviceAccountUser", On: "$TASKS_SA"},
	{Account: RunSA, Package: tasksPkg, Methods: []string{"GetTask", "ListTasks"}, RunAs: server,
		What:        "the sweep asks whether an owed job's task still waits (GetTask) and how deep the queue is (ListTasks)",
		Permissions: []string{"cloudtasks.tasks.get", "cloudtasks.tasks.list"}, Role: "roles/cloudtasks.viewer", On: "project"},
	{Account: RunSA, Package: tasksPkg, Methods: []string{"Close", "Next"},
		What: "closing the client; Next pages through ListTasks' answer (ListTasks' permission)"},

	// Cloud Storage, from backend/blob/gcs (the server's PDFs and markets;
	// the market-refresh job's uploads).
	{Account: RunSA, Package: storagePkg, Methods: []string{"NewWriter", "Write", "Close"}, RunAs: marketJob,
		What: "Premium PDFs and the monthly market files are uploaded (Writer.Close finishes the upload); " +
			"a market's current.json is replaced each month, which takes delete as well",
		Permissions: []string{"storage.objects.create", "storage.objects.delete"}, Role: "roles/storage.objectUser", On: "gs://$BUCKET"},
	{Account: RunSA, Package: storagePkg, Methods: []string{"NewReader"}, RunAs: server,
		What:        "a PDF streamed to its owner; a market's manifest and file read by the server",
		Permissions: []string{"storage.objects.get"}, Role: "roles/storage.objectUser", On: "gs://$BUCKET"},
	{Account: RunSA, Package: storagePkg, Methods: []string{"Delete"}, RunAs: server,
		What:        "account deletion deletes the host's PDFs",
		Permissions: []string{"storage.objects.delete"}, Role: "roles/storage.objectUser", On: "gs://$BUCKET"},
	{Account: RunSA, Package: storagePkg, Methods: []string{"Bucket", "Object", "Retryer"}, What: "handles: no call"},

	// Firestore, from backend/store/firestore (the server).
	{Account: RunSA, Package: firestorePkg, Methods: []string{"Get", "GetAll"}, RunAs: server,
		What: "documents read by key (batchGet), in and out of transactions; GetAll also drains a query " +
			"(DocumentIterator.GetAll) and Get an aggregation query's count",
		Permissions: []string{"datastore.entities.get", "datastore.entities.list"}, Role: "roles/datastore.user", On: "project"},
	{Account: RunSA, Package: firestorePkg, Methods: []string{"Documents", "Next"}, RunAs: server,
		What:        "queries (runQuery): the dashboard, the sweep's owed-work scans, lookups by session",
		Permissions: []string{"datastore.entities.list"}, Role: "roles/datastore.user", On: "project"},
	{Account: RunSA, Package: firestorePkg, Methods: []string{"RunTransaction"}, RunAs: server,
		What:        "every write is a transaction: beginTransaction and rollback (the commit needs its writes' permissions)",
		Permissions: []string{"datastore.databases.get"}, Role: "roles/datastore.user", On: "project"},
	{Account: RunSA, Package: firestorePkg, Methods: []string{"Create", "Add"}, RunAs: server,
		What:        "new orders, accounts, webhook event ids, tombstones (commit with exists=false)",
		Permissions: []string{"datastore.entities.create"}, Role: "roles/datastore.user", On: "project"},
	{Account: RunSA, Package: firestorePkg, Methods: []string{"Set"}, RunAs: server,
		What:        "a write without precondition: create or update",
		Permissions: []string{"datastore.entities.create", "datastore.entities.update"}, Role: "roles/datastore.user", On: "project"},
	{Account: RunSA, Package: firestorePkg, Methods: []string{"Update"}, RunAs: server,
		What:        "changes to existing documents (commit with exists=true)",
		Permissions: []string{"datastore.entities.update"}, Role: "roles/datastore.user", On: "project"},
	{Account: RunSA, Package: firestorePkg, Methods: []string{"Delete"}, RunAs: server,
		What:        "account deletion deletes the host's documents",
		Permissions: []string{"datastore.entities.delete"}, Role: "roles/datastore.user", On: "project"},
	{Account: RunSA, Package: firestorePkg,
		Methods: []string{"Collection", "Doc", "Where", "OrderBy", "Limit", "Offset", "StartAfter", "Select",
			"NewAggregationQuery", "WithCount", "Transaction", "Data", "DataTo", "Exists", "Stop", "Close"},
		What: "references, query builders, snapshots' data and closing: no call of their own"},

	// Secrets: Cloud Run reads them as the runtime account when an instance starts.
	{Account: RunSA, What: "Cloud Run reads each --set-secrets secret at instance start", RunAs: server,
		Permissions: []string{"secretmanager.versions.access"}, Role: "roles/secretmanager.secretAccessor", On: "secrets"},

	// Cloud Tasks delivers report jobs, and Cloud Scheduler the sweep, with
	// the tasks account's OIDC token.
	{Account: TasksSA, What: "POST /internal/tasks/generate-report (Cloud Tasks), /internal/sweep and /internal/watch (Cloud Scheduler) on the run.app URL",
		RunAs:       [3]string{"schedules", "--oidc-service-account-email", "listinglift-sweep"},
		Permissions: []string{"run.routes.invoke"}, Role: "roles/run.invoker", On: "run services listinglift"},

	// The nightly export, by Cloud Scheduler as the backup account.
	{Account: BackupSA, What: "Firestore exportDocuments of the whole database",
		RunAs:       [3]string{"schedules", "--oauth-service-account-email", ":exportDocuments"},
		Permissions: []string{"datastore.databases.export"}, Role: "roles/datastore.importExportAdmin", On: "project"},
	{Account: BackupSA, What: "the export's files written under gs://$BACKUP_BUCKET/firestore/",
		RunAs:       [3]string{"schedules", "--oauth-service-account-email", ":exportDocuments"},
		Permissions: []string{"storage.objects.create"}, Role: "roles/storage.objectAdmin", On: "gs://$BACKUP_BUCKET"},

	// The monthly market refresh, by Cloud Scheduler as the runtime account.
	{Account: RunSA, What: "Cloud Scheduler runs the listinglift-market-refresh job through the Run Admin API (jobs/…:run)",
		RunAs:       [3]string{"schedules", "--oauth-service-account-email", "jobs/listinglift-market-refresh:run"},
		Permissions: []string{"run.jobs.run"}, Role: "roles/run.invoker", On: "run jobs listinglift-market-refresh"},

	// The build.
	{Account: BuildSA, What: "gcloud run deploy (--allow-unauthenticated sets the service's policy), gcloud run jobs deploy, " +
		"and the schedules step's run jobs add-iam-policy-binding",
		Permissions: []string{"run.services.create", "run.services.update", "run.services.setIamPolicy",
			"run.jobs.create", "run.jobs.update", "run.jobs.setIamPolicy"},
		Role: "roles/run.admin", On: "project"},
	{Account: BuildSA, What: "deploy the service and the market job to run as the runtime account, and schedule the market refresh as it",
		Permissions: []string{"iam.serviceAccounts.actAs"}, Role: "roles/iam.serviceAccountUser", On: "$RUN_SA"},
	{Account: BuildSA, What: "schedule the sweep with the tasks account's OIDC token",
		Permissions: []string{"iam.serviceAccounts.actAs"}, Role: "roles/iam.serviceAccountUser", On: "$TASKS_SA"},
	{Account: BuildSA, What: "schedule the export as the backup account",
		Permissions: []string{"iam.serviceAccounts.actAs"}, Role: "roles/iam.serviceAccountUser", On: "$BACKUP_SA"},
	{Account: BuildSA, What: "docker push of both images",
		Permissions: []string{"artifactregistry.repositories.uploadArtifacts"}, Role: "roles/artifactregistry.writer", On: "project"},
	{Account: BuildSA, What: "the build's own log (options.logging: CLOUD_LOGGING_ONLY)",
		Permissions: []string{"logging.logEntries.create"}, Role: "roles/logging.logWriter", On: "project"},
	{Account: BuildSA, What: "firebase deploy --only hosting",
		Permissions: []string{"firebasehosting.sites.update"}, Role: "roles/firebasehosting.admin", On: "project"},
	{Account: BuildSA, What: "firebase deploy --only firestore:rules",
		Permissions: []string{"firebaserules.rulesets.create", "firebaserules.releases.update"}, Role: "roles/firebaserules.admin", On: "project"},
	{Account: BuildSA, What: "firebase deploy --only firestore:indexes, wait-indexes' list, firestore-protection's describe",
		Permissions: []string{"datastore.indexes.create", "datastore.indexes.list", "datastore.databases.getMetadata"},
		Role:        "roles/datastore.indexAdmin", On: "project"},
	{Account: BuildSA, What: "firebase-tools reads the Firebase project it deploys to",
		Permissions: []string{"firebase.projects.get"}, Role: "roles/firebase.viewer", On: "project"},
	{Account: BuildSA, What: "firebase-tools' API calls are billed to the project as quota project",
		Permissions: []string{"serviceusage.services.use"}, Role: "roles/serviceusage.serviceUsageConsumer", On: "project"},
	{Account: BuildSA, What: "tasks-queue: gcloud tasks queues describe, create, update",
		Permissions: []string{"cloudtasks.queues.get", "cloudtasks.queues.create", "cloudtasks.queues.update"},
		Role:        "roles/cloudtasks.queueAdmin", On: "project"},
	{Account: BuildSA, What: "schedules: gcloud scheduler jobs describe, create, update",
		Permissions: []string{"cloudscheduler.jobs.get", "cloudscheduler.jobs.create", "cloudscheduler.jobs.update"},
		Role:        "roles/cloudscheduler.admin", On: "project"},
	{Account: BuildSA, What: "read the sources gcloud builds submit uploaded",
		Permissions: []string{"storage.objects.get", "storage.objects.list"}, Role: "roles/storage.objectViewer", On: "gs://$SOURCE_BUCKET"},
}

// Roles: each role the guide binds to the four accounts.
var Roles = map[string]Role{
	AuthRole: {Custom: true, Permissions: []string{
		"firebaseauth.users.createSession", "firebaseauth.users.delete", "firebaseauth.users.get", "firebaseauth.users.update"}},

	// https://cloud.google.com/iam/docs/roles-permissions/firestore
	"roles/datastore.user": {Permissions: []string{"datastore.databases.get", "datastore.entities.create",
		"datastore.entities.delete", "datastore.entities.get", "datastore.entities.list", "datastore.entities.update"},
		Accepted: "Firestore's role for a server that reads and writes documents; besides the entities it only reads " +
			"metadata (index list, namespaces, statistics). A custom role would save nothing worth a missed permission."},
	"roles/datastore.importExportAdmin": {Permissions: []string{"datastore.databases.export"},
		Accepted: "the only predefined role that may export; it may import too, so it goes to an account used by the export alone"},
	"roles/datastore.indexAdmin": {Permissions: []string{"datastore.indexes.create", "datastore.indexes.list", "datastore.databases.getMetadata"},
		Accepted: "indexes and the database's settings only: no document"},

	// https://cloud.google.com/iam/docs/roles-permissions/cloudtasks
	"roles/cloudtasks.enqueuer": {Permissions: []string{"cloudtasks.tasks.create"},
		Accepted: "create tasks, and read a task in full (fullView): nothing more"},
	"roles/cloudtasks.viewer": {Permissions: []string{"cloudtasks.tasks.get", "cloudtasks.tasks.list"},
		Accepted: "read-only: queues and tasks, no change"},
	"roles/cloudtasks.queueAdmin": {Permissions: []string{"cloudtasks.queues.get", "cloudtasks.queues.create", "cloudtasks.queues.update"},
		Accepted: "queues only: the build creates and updates the one queue, and creates no task"},

	// https://cloud.google.com/iam/docs/roles-permissions/storage, bound on one bucket each
	"roles/storage.objectUser": {Permissions: []string{"storage.objects.create", "storage.objects.delete", "storage.objects.get"},
		Accepted: "objects of the PDF bucket only (list, update and multipart uploads besides)"},
	"roles/storage.objectAdmin": {Permissions: []string{"storage.objects.create"},
		Accepted: "objects of the backup bucket only, as Firebase's scheduled-export guide grants the exporting account"},
	"roles/storage.objectViewer": {Permissions: []string{"storage.objects.get", "storage.objects.list"},
		Accepted: "read-only, objects of the sources bucket only"},

	// https://cloud.google.com/iam/docs/roles-permissions/iam
	"roles/iam.serviceAccountUser": {Permissions: []string{"iam.serviceAccounts.actAs"},
		Accepted: "bound on one account at a time, never on the project"},
	// https://cloud.google.com/iam/docs/roles-permissions/secretmanager
	"roles/secretmanager.secretAccessor": {Permissions: []string{"secretmanager.versions.access"},
		Accepted: "bound on each secret, never on the project"},
	// https://cloud.google.com/run/docs/reference/iam/roles
	"roles/run.invoker": {Permissions: []string{"run.routes.invoke", "run.jobs.run"},
		Accepted: "bound on the one service or job"},
	"roles/run.admin": {Permissions: []string{"run.services.create", "run.services.update", "run.services.setIamPolicy",
		"run.jobs.create", "run.jobs.update", "run.jobs.setIamPolicy"},
		Accepted: "run.developer cannot set the service's IAM policy, which --allow-unauthenticated and the job's invoker binding do"},

	// The build's deploy roles (https://cloud.google.com/iam/docs/roles-permissions/…).
	"roles/artifactregistry.writer": {Permissions: []string{"artifactregistry.repositories.uploadArtifacts"},
		Accepted: "push images: no repository administration"},
	"roles/logging.logWriter": {Permissions: []string{"logging.logEntries.create"},
		Accepted: "writes log entries, reads none"},
	"roles/firebasehosting.admin": {Permissions: []string{"firebasehosting.sites.update"},
		Accepted: "Hosting's only deploy role"},
	"roles/firebaserules.admin": {Permissions: []string{"firebaserules.rulesets.create", "firebaserules.releases.update"},
		Accepted: "rules only: no document"},
	"roles/firebase.viewer": {Permissions: []string{"firebase.projects.get"},
		Accepted: "read-only, and no data role: firebase-tools reads the project's Firebase settings"},
	"roles/serviceusage.serviceUsageConsumer": {Permissions: []string{"serviceusage.services.use"},
		Accepted: "lets calls be billed to the project; enables and disables nothing"},
	"roles/cloudscheduler.admin": {Permissions: []string{"cloudscheduler.jobs.get", "cloudscheduler.jobs.create", "cloudscheduler.jobs.update"},
		Accepted: "scheduler jobs only (cloudscheduler.jobs.* and locations); no narrower predefined role creates jobs"},
}
