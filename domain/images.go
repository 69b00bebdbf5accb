package domain

// Images are listings' logos and photos: what an upload must be, how many
// a plan shows, and their files' deletion.
type Images struct{ *env }
