package dl2.placement;

import dl2.io.InputException;
import dl2.io.PluginJars;
import dl2.slot.Placement;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The {@link PlacementPlugin}s of some jars or class directories, and of the application's own
 * class path, by name (as {@link dl2.schedulers.SchedulerPlugins} for schedulers). Names must be
 * new: not a built-in placement's, not another plug-in's.
 */
public final class PlacementPlugins {
  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");
  /** The option a command reads placement jars from, for messages. */
  public static final String OPTION = "--placement-jar";

  private final Map<String, PlacementPlugin> byName;

  private PlacementPlugins(Map<String, PlacementPlugin> byName) {
    this.byName = byName;
  }

  public static PlacementPlugins none() {
    return new PlacementPlugins(new TreeMap<>());
  }

  /** Every plug-in in {@code jars} (jar files or class directories) and on the class path; a bad one is an InputException. */
  public static PlacementPlugins load(List<Path> jars) {
    Map<String, PlacementPlugin> byName = new TreeMap<>();
    PluginJars.forEach(PlacementPlugin.class, jars, OPTION, "placement", (plugin, from) -> add(byName, plugin, from));
    return new PlacementPlugins(byName);
  }

  private static void add(Map<String, PlacementPlugin> byName, PlacementPlugin plugin, String from) {
    String name = plugin.name();
    if (name == null || !NAME.matcher(name).matches()) {
      throw new InputException("placement plug-in " + plugin.getClass().getName() + " from " + from + " has the name '"
          + name + "'; use lower-case letters, digits and '-'");
    }
    if (Placements.NAMES.contains(name) || byName.containsKey(name)) {
      throw new InputException("placement plug-in " + plugin.getClass().getName() + " from " + from + " is named '" + name
          + "', which is taken; names in use: " + String.join(", ", Placements.NAMES)
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

  /** A fresh placement of plug-in {@code name}, which must exist; it must report that name. */
  public Placement create(String name, long seed) {
    Placement placement = byName.get(name).create(seed);
    if (placement == null || !name.equals(placement.name())) {
      throw new InputException("placement plug-in '" + name + "' created " + (placement == null ? "no placement"
          : "a placement named '" + placement.name() + "'") + "; its create(seed) must return a new placement named '"
          + name + "'");
    }
    return placement;
  }
}
