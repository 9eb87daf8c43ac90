package org.onepath.spark;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;
import org.apache.hadoop.conf.Configuration;

/**
 * The driver's Hadoop configuration shipped to the tasks, so they reach the file systems (and
 * credentials, e.g. {@code spark.hadoop.fs.s3a.*}) the driver was given. Hadoop's configuration
 * is a Writable, not Serializable: it travels in its own wire form.
 */
final class SerializableConfiguration implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    private transient Configuration value;

    SerializableConfiguration(Configuration value) {
        this.value = value;
    }

    Configuration value() {
        return value;
    }

    @Serial
    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        value.write(out);
    }

    @Serial
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        value = new Configuration(false);
        value.readFields(in);
    }
}
