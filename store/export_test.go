package store

import "bizprofile/search"

// UseSearchEngine puts e in the place of s's search engine, before its
// first search: a test watches what the store asks of it.
func (s *Store) UseSearchEngine(e search.Engine) { s.dir.engine = e }
