package org.onepath.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Files through Hadoop's file-system API, so every path a job takes may be {@code file:},
 * {@code hdfs:}, {@code s3a:} or any scheme the cluster's Hadoop reaches. Writes are committed by
 * rename: a file is written under a temporary name in its folder and renamed to its name once
 * whole, so a reader (or a retried task) never sees half of one.
 */
final class HadoopFiles {
    /** Largest file read whole into an array. */
    static final long MAX_READ = Integer.MAX_VALUE - 8;

    private HadoopFiles() {}

    /** The path with a scheme: a bare local path becomes a {@code file:} one. */
    static Path qualified(Configuration conf, String uri) throws IOException {
        Path p = new Path(uri);
        return fs(conf, p).makeQualified(p);
    }

    /**
     * The file system of a path; for {@code file:} the raw local one, which writes no {@code
     * .NAME.crc} file beside each file it writes (the stores and pieces carry their own checksums).
     */
    static FileSystem fs(Configuration conf, Path path) throws IOException {
        FileSystem fs = path.getFileSystem(conf);
        if (fs instanceof org.apache.hadoop.fs.LocalFileSystem local) {
            return local.getRawFileSystem();
        }
        return fs;
    }

    /** The whole file. */
    static byte[] read(Configuration conf, Path file) throws IOException {
        FileSystem fs = fs(conf, file);
        FileStatus status;
        try {
            status = fs.getFileStatus(file);
        } catch (java.io.FileNotFoundException e) {
            throw new IllegalArgumentException(file + ": no such file");
        }
        if (status.isDirectory()) {
            throw new IllegalArgumentException(file + ": is a folder, expected a file");
        }
        if (status.getLen() > MAX_READ) {
            throw new IllegalArgumentException(
                    file + ": " + status.getLen() + " bytes, more than " + MAX_READ + " read whole");
        }
        byte[] bytes = new byte[(int) status.getLen()];
        try (InputStream in = fs.open(file)) {
            int at = 0;
            while (at < bytes.length) {
                int n = in.read(bytes, at, bytes.length - at);
                if (n < 0) {
                    throw new IOException(file + ": ended after " + at + " of " + bytes.length + " bytes");
                }
                at += n;
            }
        }
        return bytes;
    }

    /**
     * Writes {@code bytes} to {@code target} committed by rename: to {@code .NAME.TAG.tmp} in the
     * same folder first. When {@code target} exists already (an earlier attempt of the same task
     * committed it) the new copy is dropped, as both hold the same bytes.
     *
     * @param tag names this attempt, so two attempts never write one temporary file
     */
    static void writeCommitted(Configuration conf, Path target, byte[] bytes, String tag) throws IOException {
        FileSystem fs = fs(conf, target);
        Path temp = temporary(target, tag);
        try (OutputStream out = fs.create(temp, true)) {
            out.write(bytes);
        }
        commit(fs, temp, target);
    }

    /** As {@link #writeCommitted(Configuration, Path, byte[], String)}, from a local file. */
    static void uploadCommitted(Configuration conf, java.nio.file.Path local, Path target, String tag)
            throws IOException {
        FileSystem fs = fs(conf, target);
        Path temp = temporary(target, tag);
        try (OutputStream out = fs.create(temp, true)) {
            Files.copy(local, out);
        }
        commit(fs, temp, target);
    }

    /** The temporary name of {@code target} for one writer. */
    static Path temporary(Path target, String tag) {
        return new Path(target.getParent(), "." + target.getName() + "." + tag + ".tmp");
    }

    private static void commit(FileSystem fs, Path temp, Path target) throws IOException {
        if (!fs.rename(temp, target)) {
            boolean exists = fs.exists(target);
            fs.delete(temp, false);
            if (!exists) {
                throw new IOException("cannot rename " + temp + " to " + target);
            }
        }
    }

    /** Replaces {@code target} by the local file: written beside it and renamed over it. */
    static void replace(Configuration conf, java.nio.file.Path local, Path target) throws IOException {
        FileSystem fs = fs(conf, target);
        Path temp = temporary(target, "driver");
        try (OutputStream out = fs.create(temp, true)) {
            Files.copy(local, out);
        }
        if (fs.exists(target) && !fs.delete(target, false)) {
            fs.delete(temp, false);
            throw new IOException("cannot replace " + target);
        }
        if (!fs.rename(temp, target)) {
            fs.delete(temp, false);
            throw new IOException("cannot rename " + temp + " to " + target);
        }
    }

    /**
     * The files a list of paths names: a file as given, a folder searched recursively for names
     * the filter accepts, each folder's sorted by path.
     *
     * @throws IllegalArgumentException for a path that does not exist or a folder without such files
     */
    static List<Path> files(Configuration conf, List<String> uris, Predicate<String> nameFilter, String what)
            throws IOException {
        List<Path> out = new ArrayList<>();
        for (String uri : uris) {
            Path p = qualified(conf, uri);
            FileSystem fs = fs(conf, p);
            if (!fs.exists(p)) {
                throw new IllegalArgumentException(uri + ": no such file or folder");
            }
            if (fs.getFileStatus(p).isFile()) {
                out.add(p);
                continue;
            }
            List<Path> found = new ArrayList<>();
            RemoteIterator<LocatedFileStatus> it = fs.listFiles(p, true);
            while (it.hasNext()) {
                LocatedFileStatus f = it.next();
                if (f.isFile() && nameFilter.test(f.getPath().getName())) {
                    found.add(f.getPath());
                }
            }
            if (found.isEmpty()) {
                throw new IllegalArgumentException(uri + ": folder holds no " + what);
            }
            found.sort(Comparator.comparing(Path::toString));
            out.addAll(found);
        }
        return out;
    }

    /**
     * A local file holding {@code file}: the file itself on a {@code file:} path, else a copy in
     * the local temporary folder, deleted when {@code local.close()} is called.
     */
    static LocalCopy local(Configuration conf, Path file) throws IOException {
        if ("file".equals(file.toUri().getScheme())) {
            return new LocalCopy(java.nio.file.Path.of(file.toUri()), false);
        }
        java.nio.file.Path copy = Files.createTempFile("onepath-", "-" + file.getName());
        try (InputStream in = fs(conf, file).open(file)) {
            Files.copy(in, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(copy);
            throw e;
        }
        return new LocalCopy(copy, true);
    }

    /** A local path to a file, and whether it is a copy to delete after use. */
    record LocalCopy(java.nio.file.Path path, boolean temporary) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            if (temporary) {
                Files.deleteIfExists(path);
            }
        }
    }
}
