from generator.cli import main

if __name__ == "__main__":          # not when a worker process of a build imports it (multiprocessing spawn)
    raise SystemExit(main())
