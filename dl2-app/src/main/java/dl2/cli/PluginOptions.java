package dl2.cli;

import dl2.schedulers.SchedulerPlugins;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Schedulers of one's own, loaded from jars (see docs/own-scheduler.md). */
public final class PluginOptions {
  @Option(names = "--scheduler-jar", paramLabel = "JAR",
      description = "A jar (or classes directory) with scheduler plug-ins listed in META-INF/services/"
          + "dl2.schedulers.SchedulerPlugin; they run under their own names. Repeatable.")
  List<Path> jars = new ArrayList<>();

  /** The plug-ins of the given jars and of the class path; a bad jar is a one-line InputException. */
  SchedulerPlugins load() {
    return SchedulerPlugins.load(jars);
  }
}
