"""The commands on top of the pipeline: `pnp build` (one game, several in parallel), `pnp serve` and its incremental
rebuilds, `pnp new`, the progress bar and summary. Nothing in the pipeline imports them."""
