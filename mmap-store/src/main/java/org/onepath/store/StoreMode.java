package org.onepath.store;

/** How a grid store's file is mapped. */
public enum StoreMode {
    /**
     * Read-only and shared: every process mapping the file shares the operating system's page
     * cache; the grid refuses edits.
     */
    READ_ONLY,
    /**
     * Copy-on-write: the grid may be edited, and the pages an edit touches become this
     * process's own copies; the file and other processes never see them until
     * {@link GridStore#commit(StoreProgress)} writes a new file. Needs write permission on the file.
     */
    PRIVATE
}
