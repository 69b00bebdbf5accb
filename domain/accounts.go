package domain

// Accounts are the people who sign in and the accounts they work in:
// sign-up, verification, passwords, profiles, teams and closing an
// account.
type Accounts struct{ *env }
