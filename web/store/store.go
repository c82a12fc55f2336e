// Package store keeps tables in SQLite: the store that web/table describes.
package store
