package dl2.registry;

import dl2.io.InputException;
import dl2.io.PluginJars;
import dl2.io.Suggestion;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The names of one kind ({@code scheduler}, {@code placement}), each with its factory and traits,
 * in the order reports list them: the built-ins in the order they were registered, then the
 * plug-ins alphabetically. Built-ins and plug-ins are entries alike, as in the Kubernetes scheduler
 * framework's registry; a plug-in declares no traits, and its name must be new. Immutable. A failed
 * lookup is one line naming the valid names.
 */
public final class Registry<T> {
  /** How a registered name makes a fresh instance for one run. */
  @FunctionalInterface
  public interface Factory<T> {
    T create(Launch launch);
  }

  /**
   * One registered name: its factory, its traits, whether a plug-in of yours provides it, and a
   * note that listings add in parentheses ({@code dl2 (a trained policy)}), or none.
   */
  public record Entry<T>(
      String name, String note, Factory<T> factory, Set<Trait> traits, boolean plugIn) {
    public Entry {
      traits = Set.copyOf(traits);
    }

    public boolean is(Trait trait) {
      return traits.contains(trait);
    }

    String listed() {
      return note.isEmpty() ? name : name + " (" + note + ")";
    }
  }

  private static final Pattern PLUGIN_NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");

  private final String kind;
  private final String jarOption;
  private final Function<T, String> nameOf;
  private final List<Entry<T>> entries;

  private Registry(
      String kind, String jarOption, Function<T, String> nameOf, List<Entry<T>> entries) {
    this.kind = kind;
    this.jarOption = jarOption;
    this.nameOf = nameOf;
    this.entries = List.copyOf(entries);
  }

  /**
   * No {@code kind}s yet; an instance's name is {@code nameOf} it, and plug-in jars come from
   * {@code jarOption}.
   */
  public static <T> Registry<T> of(String kind, String jarOption, Function<T, String> nameOf) {
    return new Registry<>(kind, jarOption, nameOf, List.of());
  }

  /** With the built-in {@code name}, made by {@code factory}. */
  public Registry<T> with(String name, Factory<T> factory, Trait... traits) {
    return with(name, "", factory, traits);
  }

  /**
   * With the built-in {@code name}: after the built-ins so far, or in place of an entry of that
   * name.
   */
  public Registry<T> with(String name, String note, Factory<T> factory, Trait... traits) {
    Entry<T> entry = new Entry<>(name, note, factory, Set.of(traits), false);
    List<Entry<T>> all = new ArrayList<>(entries);
    int at = names().indexOf(name);
    if (at >= 0) {
      all.set(at, entry);
    } else {
      all.add((int) entries.stream().filter(e -> !e.plugIn()).count(), entry);
    }
    return new Registry<>(kind, jarOption, nameOf, all);
  }

  /**
   * With every plug-in of {@code type} in {@code jars} (jar files or class directories) and on the
   * class path; a bad jar, a bad plug-in or a name in use is a one-line InputException.
   */
  public <P extends Plugin<T>> Registry<T> withPlugins(Class<P> type, List<Path> jars) {
    List<Entry<T>> all = new ArrayList<>(entries);
    PluginJars.forEach(type, jars, jarOption, kind, (plugin, from) -> add(all, plugin, from));
    return new Registry<>(kind, jarOption, nameOf, all);
  }

  private void add(List<Entry<T>> all, Plugin<T> plugin, String from) {
    String name = plugin.name();
    String which = kind + " plug-in " + plugin.getClass().getName() + " from " + from;
    if (name == null || !PLUGIN_NAME.matcher(name).matches()) {
      throw new InputException(
          which + " has the name '" + name + "'; use lower-case letters, digits and '-'");
    }
    List<String> inUse = all.stream().map(Entry::name).toList();
    if (inUse.contains(name)) {
      throw new InputException(
          which
              + " is named '"
              + name
              + "', which is taken; names in use: "
              + String.join(", ", inUse));
    }
    int at = 0;
    while (at < all.size() && (!all.get(at).plugIn() || all.get(at).name().compareTo(name) < 0)) {
      at++;
    }
    all.add(
        at,
        new Entry<>(
            name, "", launch -> checked(name, plugin.create(launch.pluginSeed())), Set.of(), true));
  }

  /** What plug-in {@code name} created, which must be a new instance of that name. */
  private T checked(String name, T made) {
    if (made == null || !name.equals(nameOf.apply(made))) {
      throw new InputException(
          kind
              + " plug-in '"
              + name
              + "' created "
              + (made == null ? "no " + kind : "a " + kind + " named '" + nameOf.apply(made) + "'")
              + "; its create(seed) must return a new "
              + kind
              + " named '"
              + name
              + "'");
    }
    return made;
  }

  public Optional<Entry<T>> find(String name) {
    return entries.stream().filter(e -> e.name().equals(name)).findFirst();
  }

  /** Whether {@code name} is registered with {@code trait}; false for a name not here. */
  public boolean is(String name, Trait trait) {
    return find(name).map(e -> e.is(trait)).orElse(false);
  }

  /** Every name, in order. */
  public List<String> names() {
    return entries.stream().map(Entry::name).toList();
  }

  /** The names registered with {@code trait}, in order. */
  public List<String> names(Trait trait) {
    return entries.stream().filter(e -> e.is(trait)).map(Entry::name).toList();
  }

  /** The plug-ins' names, alphabetically. */
  public List<String> plugInNames() {
    return entries.stream().filter(Entry::plugIn).map(Entry::name).toList();
  }

  /** The entry of {@code name}, else a one-line InputException listing the valid names. */
  public Entry<T> require(String name) {
    return require(name, "", false);
  }

  /**
   * The entry of {@code name}, else a one-line InputException: {@code unknown KIND 'NAME'WHERE;
   * valid KINDs: ...}, and how to add one's own when {@code suggestJars} and no plug-in is here.
   */
  public Entry<T> require(String name, String where, boolean suggestJars) {
    return find(name)
        .orElseThrow(
            () ->
                new InputException(
                    "unknown "
                        + kind
                        + " '"
                        + name
                        + "'"
                        + where
                        + Suggestion.didYouMean(name, entries.stream().map(Entry::name).toList())
                        + "; valid "
                        + kind
                        + "s: "
                        + String.join(", ", entries.stream().map(Entry::listed).toList())
                        + (suggestJars && plugInNames().isEmpty()
                            ? "; your own with " + jarOption + " JAR"
                            : "")));
  }

  /**
   * A fresh instance of {@code name} for {@code launch}; an unknown name is a one-line
   * InputException.
   */
  public T create(String name, Launch launch) {
    return require(name).factory().create(launch);
  }
}
