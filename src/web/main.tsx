import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { refreshSession } from "./auth/auth-store.ts";
import { routes } from "./routes.tsx";
import "./styles/global.css";

void refreshSession();
const router = createBrowserRouter(routes);
const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

// Prerendered pages arrive with their HTML: hydrate them. The app shell (signed-in pages) arrives empty.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
