/**
 * File input and output with crash safety, the bottom layer every module may use. Output files are
 * written atomically ({@code AtomicFiles}), run directories switch checkpoints whole ({@code
 * CheckpointDirectory}) and reports replace themselves whole ({@code DirectorySwap}); resumable
 * state is a tagged sequence of typed values ({@code StateWriter}, {@code StateReader}). Paths are
 * checked before any work ({@code OutputPaths}), bad input is one {@code InputException} line, and
 * every JSON file goes through the one mapper of {@code Json}.
 */
package dl2.io;
