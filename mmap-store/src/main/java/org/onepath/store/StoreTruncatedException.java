package org.onepath.store;

import java.nio.file.Path;

/**
 * A store file shorter than its header and section table say: a copy or write stopped early, or
 * the file was truncated while mapped and a read reached a page past its new end.
 */
public final class StoreTruncatedException extends StoreException {
    private static final long serialVersionUID = 1L;

    StoreTruncatedException(Path file, String message) {
        super(file, message);
    }

    StoreTruncatedException(Path file, String message, Throwable cause) {
        super(file, message, cause);
    }
}
