package dl2.schedulers;

import dl2.io.InputException;
import dl2.io.PluginJars;
import dl2.slot.Scheduler;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
    Map<String, SchedulerPlugin> byName = new TreeMap<>();
    PluginJars.forEach(SchedulerPlugin.class, jars, "--scheduler-jar", "scheduler", (plugin, from) -> add(byName, plugin, from));
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
