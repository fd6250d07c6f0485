package dl2.schedulers;

import dl2.io.InputException;
import dl2.slot.Scheduler;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The {@link SchedulerPlugin}s of some jars or class directories, and of the application's own
 * class path, by name. Names must be new: not a baseline's, not {@code dl2}, not another
 * plug-in's.
 */
public final class SchedulerPlugins {
  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");
  private static final String RESERVED = "dl2";

  private final Map<String, SchedulerPlugin> byName;

  private SchedulerPlugins(Map<String, SchedulerPlugin> byName) {
    this.byName = byName;
  }

  public static SchedulerPlugins none() {
    return new SchedulerPlugins(new TreeMap<>());
  }

  /** Every plug-in in {@code jars} (jar files or class directories) and on the class path; a bad one is an InputException. */
  public static SchedulerPlugins load(List<Path> jars) {
    List<URL> urls = new ArrayList<>();
    for (Path jar : jars) {
      if (!Files.isReadable(jar)) {
        throw new InputException("--scheduler-jar " + jar + ": no such file or directory");
      }
      try {
        urls.add(jar.toAbsolutePath().toUri().toURL());
      } catch (MalformedURLException e) {
        throw new InputException("--scheduler-jar " + jar + ": " + e.getMessage());
      }
    }
    String from = jars.isEmpty() ? "the class path" : String.join(", ", jars.stream().map(Path::toString).toList());
    // Left open: the plug-ins' classes load lazily while they schedule, until the process ends.
    ClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), SchedulerPlugin.class.getClassLoader());
    Map<String, SchedulerPlugin> byName = new TreeMap<>();
    try {
      for (SchedulerPlugin plugin : ServiceLoader.load(SchedulerPlugin.class, loader)) {
        add(byName, plugin, from);
      }
    } catch (ServiceConfigurationError | LinkageError e) {
      throw new InputException("cannot load a scheduler plug-in from " + from + ": " + e.getMessage());
    }
    if (!jars.isEmpty() && byName.isEmpty()) {
      throw new InputException("no scheduler plug-in in " + from + ": list your SchedulerPlugin class in "
          + "META-INF/services/" + SchedulerPlugin.class.getName());
    }
    return new SchedulerPlugins(byName);
  }

  private static void add(Map<String, SchedulerPlugin> byName, SchedulerPlugin plugin, String from) {
    String name = plugin.name();
    if (name == null || !NAME.matcher(name).matches()) {
      throw new InputException("scheduler plug-in " + plugin.getClass().getName() + " from " + from + " has the name '"
          + name + "'; use lower-case letters, digits and '-'");
    }
    if (Schedulers.NAMES.contains(name) || name.equals(RESERVED) || byName.containsKey(name)) {
      throw new InputException("scheduler plug-in " + plugin.getClass().getName() + " from " + from + " is named '" + name
          + "', which is taken; names in use: " + String.join(", ", Schedulers.NAMES) + ", " + RESERVED
          + (byName.isEmpty() ? "" : ", " + String.join(", ", byName.keySet())));
    }
    byName.put(name, plugin);
  }

  /** Plug-in names in alphabetical order. */
  public List<String> names() {
    return List.copyOf(byName.keySet());
  }

  public boolean has(String name) {
    return byName.containsKey(name);
  }

  /** A fresh scheduler of plug-in {@code name}, which must exist; it must report that name. */
  public Scheduler create(String name, long seed) {
    Scheduler scheduler = byName.get(name).create(seed);
    if (scheduler == null || !name.equals(scheduler.name())) {
      throw new InputException("scheduler plug-in '" + name + "' created " + (scheduler == null ? "no scheduler"
          : "a scheduler named '" + scheduler.name() + "'") + "; its create(seed) must return a new scheduler named '"
          + name + "'");
    }
    return scheduler;
  }
}
