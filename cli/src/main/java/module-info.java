/** The {@code onepath} command: demo and Moving AI scenario runs, state files, baked stores. */
module org.onepath.cli {
    requires org.onepath.core;
    requires org.onepath.store;
    // Named although core requires it transitively: state inspect reads the format directly.
    requires org.onepath.state;
    requires info.picocli;
    // javax.imageio and java.awt.image for onepath render's PNG pictures.
    requires java.desktop;

    opens org.onepath.cli to
            info.picocli;
}
