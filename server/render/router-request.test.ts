import { describe, expect, it } from "vitest";
import { dataPathOf, routerRequest, routesParam, siteRoutes } from "./router-request.js";
import { createTestBuild } from "./test-build.js";

describe("routerRequest", () => {
  it("builds the request from the path and the public origin only", () => {
    const request = routerRequest("https://www.example.org", {
      path: "/about-desktop",
      data: false,
    });
    expect(request.url).toBe("https://www.example.org/about-desktop");
    expect(request.method).toBe("GET");
    expect([...request.headers]).toEqual([]);
  });

  it("asks single-fetch data at React Router's URLs, with the checked _routes", () => {
    expect(dataPathOf("/")).toBe("/_.data");
    expect(dataPathOf("/about-desktop")).toBe("/about-desktop.data");
    const request = routerRequest("http://localhost", {
      path: "/about-desktop",
      data: true,
      routes: "routes/about-desktop",
    });
    expect(request.url).toBe("http://localhost/about-desktop.data?_routes=routes%2Fabout-desktop");
  });
});

describe("siteRoutes", () => {
  it("lists every path of the build's route table, with resource routes and route ids", () => {
    expect(siteRoutes(createTestBuild().build)).toEqual([
      { path: "/admin/updates", resource: false, routeIds: ["root", "routes/admin"] },
      { path: "/broken", resource: false, routeIds: ["root", "routes/broken"] },
      { path: "/event.ics", resource: true, routeIds: ["root", "routes/calendar"] },
      { path: "/page", resource: false, routeIds: ["root", "routes/page"] },
    ]);
  });

  it("puts an index route at its parent's path and marks public paths with parameters", () => {
    const routes = {
      root: { id: "root", path: "", module: {} },
      home: { id: "home", parentId: "root", index: true, module: { default: () => null } },
      item: { id: "item", parentId: "root", path: "items/:id", module: { default: () => null } },
      any: { id: "any", parentId: "root", path: "files/*", module: { default: () => null } },
    };
    expect(siteRoutes({ routes } as never)).toEqual([
      { path: "/", resource: false, routeIds: ["root", "home"] },
      { path: "/items/:id", resource: false, routeIds: ["root", "item"], parameters: true },
    ]);
  });

  it("keeps staff paths with parameters (the content editors' client-only shell)", () => {
    const routes = {
      root: { id: "root", path: "", module: {} },
      editor: {
        id: "editor",
        parentId: "root",
        path: "admin/content/:collection",
        module: { default: () => null },
      },
      splat: { id: "splat", parentId: "root", path: "admin/*", module: { default: () => null } },
    };
    expect(siteRoutes({ routes } as never)).toEqual([
      { path: "/admin/content/:collection", resource: false, routeIds: ["root", "editor"] },
    ]);
  });
});

describe("routesParam", () => {
  const route = { path: "/page", resource: false, routeIds: ["root", "routes/page"] };
  it("keeps the known ids in route order and drops the rest", () => {
    expect(routesParam(route, "routes/page")).toBe("routes/page");
    expect(routesParam(route, "x,routes/page,y")).toBe("routes/page");
    expect(routesParam(route, "routes/page,root")).toBeUndefined();
    expect(routesParam(route, "nothing")).toBeUndefined();
    expect(routesParam(route, undefined)).toBeUndefined();
  });
});
