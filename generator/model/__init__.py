"""The model: the validated, frozen game (`game`), its faces expanded into designs with counts (`designs`), and the
part of them a partial build prints (`selection`). The renderer and the solver both read it; it reads nothing above."""
