import { configure } from "@testing-library/react";

// findBy*/waitFor give up after 1 s by default. These component tests share two cores with the server
// suites (PostgreSQL, child processes), where a render can take longer than that without anything being
// wrong; 5 s keeps a real failure a failure and a busy machine from looking like one.
configure({ asyncUtilTimeout: 5_000 });
