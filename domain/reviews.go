package domain

// Reviews are what visitors write of a listing and what its owner
// answers: writing, replying, reporting and requesting them.
type Reviews struct{ *env }
