package handlers

// How a listing goes public is domain.Listings' rule; these are the
// toasts that tell its owner.
