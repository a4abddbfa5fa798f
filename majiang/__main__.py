from majiang.cli import main

raise SystemExit(main())
