// The credentials the mock accepts (and signs its callbacks from): a module of their own, so the
// state, the state file and the webhook secret can all name them without importing each other.
export type MockCredentials = { token: string; clientId: string; secretToken: string };
