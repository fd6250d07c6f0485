package dl2.io;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.BiConsumer;

/**
 * The plug-ins of one service type found in some jars or class directories and on the class path,
 * through {@link ServiceLoader}: the one loading rule of scheduler and placement plug-ins, with its
 * plain-words errors.
 */
public final class PluginJars {
  private PluginJars() {}

  /**
   * Hands every {@code type} plug-in of {@code jars} and the class path to {@code add}, with where
   * it came from; a missing jar, a broken plug-in, or jars without any is a one-line InputException
   * naming {@code option} or the {@code kind} of plug-in.
   */
  public static <T> void forEach(
      Class<T> type, List<Path> jars, String option, String kind, BiConsumer<T, String> add) {
    List<URL> urls = new ArrayList<>();
    for (Path jar : jars) {
      if (!Files.isReadable(jar)) {
        throw new InputException(option + " " + jar + ": no such file or directory");
      }
      try {
        urls.add(jar.toAbsolutePath().toUri().toURL());
      } catch (MalformedURLException e) {
        throw new InputException(option + " " + jar + ": " + e.getMessage());
      }
    }
    String from =
        jars.isEmpty()
            ? "the class path"
            : String.join(", ", jars.stream().map(Path::toString).toList());
    // Left open: the plug-ins' classes load lazily while they run, until the process ends.
    ClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), type.getClassLoader());
    int found = 0;
    try {
      for (T plugin : ServiceLoader.load(type, loader)) {
        add.accept(plugin, from);
        found++;
      }
    } catch (ServiceConfigurationError | LinkageError e) {
      throw new InputException(
          "cannot load a " + kind + " plug-in from " + from + ": " + e.getMessage());
    }
    if (!jars.isEmpty() && found == 0) {
      throw new InputException(
          "no "
              + kind
              + " plug-in in "
              + from
              + ": list your "
              + type.getSimpleName()
              + " class in "
              + "META-INF/services/"
              + type.getName());
    }
  }
}
