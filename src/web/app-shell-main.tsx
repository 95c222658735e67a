import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { refreshSession } from "./auth/auth-store.ts";
import { routes } from "./routes.tsx";
import "./styles/global.css";

/** The app shell (app.html): the signed-in, password and checkout pages, rendered in the browser. */
void refreshSession();
const router = createBrowserRouter(routes);
const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from app.html");

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
