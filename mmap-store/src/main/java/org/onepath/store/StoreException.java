package org.onepath.store;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A store file that cannot be used. Each subclass is one reason: {@link StoreTooOldException},
 * {@link StoreTooNewException}, {@link StoreTruncatedException}, {@link StoreCorruptException}
 * and {@link StoreMismatchException}. The message names the file, the field, the value found and
 * what was expected.
 */
public abstract sealed class StoreException extends IOException
        permits StoreTooOldException,
                StoreTooNewException,
                StoreTruncatedException,
                StoreCorruptException,
                StoreMismatchException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;

    StoreException(Path file, String message) {
        super(file + ": " + message);
        this.file = file;
    }

    StoreException(Path file, String message, Throwable cause) {
        super(file + ": " + message, cause);
        this.file = file;
    }

    /**
     * The store file the problem was found in.
     *
     * @return its path (not serialised: null after deserialisation)
     */
    public Path file() {
        return file;
    }
}
