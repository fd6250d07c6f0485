/**
 * Where the public traces come from and where they live: the catalogue of the files dl2 reads
 * (upstream repository, pinned commit, size, SHA-256), the folders searched for them ({@code
 * DL2_DATA}, the XDG data directory, {@code ../shared/traces}), and the fetch that downloads,
 * checks and installs them as a whole. docs/traces.md describes it.
 */
package dl2.traces.data;
